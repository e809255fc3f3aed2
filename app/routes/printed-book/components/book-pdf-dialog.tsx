import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";
import { PRINT_SIZES } from "~/routes/printed-book/layout/print-job";
import { VoiceCodes, type VoiceCodesData } from "./voice-codes";

const sizeLabel = { "6x9": "pdfDialog.size6x9", a5: "pdfDialog.sizeA5", letter: "pdfDialog.sizeLetter" } as const;

/**
 * "Download the book (PDF)" (?dialog=pdf, from the book's card): whether the book will carry voice codes, with a way
 * to make the link they need, then the page size and the download. The download is a plain GET form, not a router
 * form: the browser saves the attachment and the page stays as it is, with JavaScript or without.
 */
export function BookPdfDialog({
  bookId,
  data,
  closeHref,
}: {
  bookId: number;
  data: VoiceCodesData;
  closeHref: string;
}) {
  const t = useT();
  return (
    <Dialog title={t("pdfDialog.title")} closeHref={closeHref} wide>
      <div className="stack">
        <p>{t("pdfDialog.intro")}</p>
        <VoiceCodes bookId={bookId} data={data} />
        <form method="get" action={`/api/books/${bookId}/book.pdf`} className="stack pdf-download">
          <fieldset aria-describedby="pdf-size-hint">
            <legend>{t("pdfDialog.sizeLabel")}</legend>
            <p id="pdf-size-hint" className="field-hint">
              {t("pdfDialog.sizeHint")}
            </p>
            {PRINT_SIZES.map((size) => (
              <div key={size} className="checkbox">
                <input id={`pdf-size-${size}`} type="radio" name="size" value={size} defaultChecked={size === "6x9"} />
                <label htmlFor={`pdf-size-${size}`}>{t(sizeLabel[size])}</label>
              </div>
            ))}
          </fieldset>
          <p id="pdf-download-hint" className="field-hint">
            {t("pdfDialog.downloadHint")}
          </p>
          <div>
            <button type="submit" className="button button-primary" aria-describedby="pdf-download-hint">
              {t("pdfDialog.download")}
            </button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
