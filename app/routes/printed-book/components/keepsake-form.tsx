import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { KeepsakeKind } from "~/routes/printed-book/keepsake/keepsake-task";
import { DEFAULT_PRINT_SIZE, PRINT_SIZES } from "~/routes/printed-book/layout/print-job";
import { KeepsakeStatus } from "./keepsake-status";
import { useKeepsakeDownload } from "./use-keepsake-download";

const sizeLabel = { "6x9": "pdfDialog.size6x9", a5: "pdfDialog.sizeA5", letter: "pdfDialog.sizeLetter" } as const;

/**
 * One keepsake's section of the download dialog (issue 38): its heading and words, its options, and its button, in a
 * GET form to the keepsake page (which works without JavaScript; with it, the dialog shows the progress below).
 */
export function KeepsakeForm({
  bookId,
  kind,
  name,
  title,
  intro,
  submit,
  children,
}: {
  bookId: number;
  kind: Exclude<KeepsakeKind, "pdf">;
  /** The form's class and its heading's id. */
  name: string;
  title: string;
  intro: string;
  submit: string;
  children?: ReactNode;
}) {
  const download = useKeepsakeDownload();
  return (
    <form
      method="get"
      action={`/books/${bookId}/keepsake`}
      className={`stack ${name}`}
      onSubmit={download.start}
      aria-labelledby={`${name}-title`}
    >
      <h3 id={`${name}-title`}>{title}</h3>
      <p>{intro}</p>
      <input type="hidden" name="kind" value={kind} />
      {children}
      <div>
        <button type="submit" className="button button-secondary" aria-disabled={download.busy || undefined}>
          {submit}
        </button>
      </div>
      <KeepsakeStatus state={download.state} />
    </form>
  );
}

/** The page sizes as radio buttons named `size`, 6 × 9 in chosen; `hint` is said under the legend. */
export function SizeChoice({ idPrefix, hint }: { idPrefix: string; hint?: string }) {
  const t = useT();
  return (
    <fieldset aria-describedby={hint ? `${idPrefix}-hint` : undefined}>
      <legend>{t("pdfDialog.sizeLabel")}</legend>
      {hint ? (
        <p id={`${idPrefix}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {PRINT_SIZES.map((size) => (
        <div key={size} className="checkbox">
          <input
            id={`${idPrefix}-${size}`}
            type="radio"
            name="size"
            value={size}
            defaultChecked={size === DEFAULT_PRINT_SIZE}
          />
          <label htmlFor={`${idPrefix}-${size}`}>{t(sizeLabel[size])}</label>
        </div>
      ))}
    </fieldset>
  );
}
