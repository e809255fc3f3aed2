import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";
import { PRINT_SIZES } from "~/routes/printed-book/layout/print-job";
import { useKeepsakeStrings } from "~/routes/printed-book/keepsake-strings";
import { EbookForm } from "./ebook-form";
import { KeepsakeStatus } from "./keepsake-status";
import { PrintShopForm } from "./print-shop-form";
import { useKeepsakeDownload } from "./use-keepsake-download";
import { VoiceCodes, type VoiceCodesData } from "./voice-codes";

const sizeLabel = { "6x9": "pdfDialog.size6x9", a5: "pdfDialog.sizeA5", letter: "pdfDialog.sizeLetter" } as const;

/**
 * "Download the book" (?dialog=pdf, from the book's card): whether the book will carry voice codes, with a way to
 * make the link they need, then the page size and the PDF's download, the print shop's package and the e-book
 * (issue 38). Each download is a plain GET form to the keepsake page, which says the book is being prepared and
 * refreshes itself until it offers the file; with JavaScript the dialog shows the same progress itself, then saves
 * the file, and the page stays as it is.
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
  useKeepsakeStrings();
  const t = useT();
  const download = useKeepsakeDownload();
  return (
    <Dialog title={t("pdfDialog.title")} closeHref={closeHref} wide>
      <div className="stack">
        <p>{t("pdfDialog.intro")}</p>
        <VoiceCodes bookId={bookId} data={data} />
        <form
          method="get"
          action={`/books/${bookId}/keepsake`}
          className="stack pdf-download"
          onSubmit={download.start}
        >
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
            <button
              type="submit"
              className="button button-primary"
              aria-describedby="pdf-download-hint"
              aria-disabled={download.busy || undefined}
            >
              {t("pdfDialog.download")}
            </button>
          </div>
          <KeepsakeStatus state={download.state} />
        </form>
        <PrintShopForm bookId={bookId} hasLink={data.printLink !== null} />
        <EbookForm bookId={bookId} />
      </div>
    </Dialog>
  );
}
