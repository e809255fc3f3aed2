import type { InputHTMLAttributes, ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: ReactNode;
  error?: MessageKey;
  hint?: ReactNode;
  /** Prefix for the element id, when one form appears more than once on a page. */
  idPrefix?: string;
};

/** A labelled input whose error and hint are tied to it for screen readers. */
export function Field({ name, label, error, hint, idPrefix = "", className = "", ...input }: Props) {
  const t = useT();
  const id = `${idPrefix}${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...input}
      />
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
