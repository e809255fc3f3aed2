import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";

type Framed = {
  name: string;
  label: ReactNode;
  error?: MessageKey;
  hint?: ReactNode;
  /** Prefix for the element id, when one form appears more than once on a page. */
  idPrefix?: string;
};

type Props = InputHTMLAttributes<HTMLInputElement> & Framed;

/** The label, hint and error around a field, with the ids that tie them to it for screen readers. */
function useFrame({ name, label, error, hint, idPrefix = "" }: Framed) {
  const t = useT();
  const id = `${idPrefix}${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    control: {
      id,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    },
    frame: (className: string, control: ReactNode) => (
      <div className={`field ${className}`}>
        <label htmlFor={id}>{label}</label>
        {control}
        {hint ? (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="field-error">
            {t(error)}
          </p>
        ) : null}
      </div>
    ),
  };
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function Field({ name, label, error, hint, idPrefix, className = "", ...input }: Props) {
  const { control, frame } = useFrame({ name, label, error, hint, idPrefix });
  return frame(className, <input {...control} {...input} />);
}

/**
 * A labelled one-line text that wraps instead of scrolling sideways: a text area of one row that grows with what it
 * holds, so that a long title is seen whole on a phone. Enter does not break the line (with scripts; the server
 * joins the lines of a title posted without them).
 */
export function WrappingField({
  name,
  label,
  error,
  hint,
  idPrefix,
  className = "",
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Framed) {
  const { control, frame } = useFrame({ name, label, error, hint, idPrefix });
  return frame(
    className,
    <textarea
      {...control}
      rows={1}
      className="wrapping-field"
      onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
      {...area}
    />,
  );
}

export function Checkbox({
  name,
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { name: string; label: ReactNode }) {
  return (
    <div className="checkbox">
      <input id={name} name={name} type="checkbox" {...input} />
      <label htmlFor={name}>{label}</label>
    </div>
  );
}
