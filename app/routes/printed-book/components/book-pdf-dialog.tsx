import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";
import { useKeepsakeStrings } from "~/routes/printed-book/keepsake-strings";
import { EbookForm } from "./ebook-form";
import { SizeChoice } from "./keepsake-form";
import { KeepsakeStatus } from "./keepsake-status";
import { PrintShopForm } from "./print-shop-form";
import { useKeepsakeDownload } from "./use-keepsake-download";
import { VoiceCodes, type VoiceCodesData } from "./voice-codes";

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
          <SizeChoice idPrefix="pdf-size" hint={t("pdfDialog.sizeHint")} />
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
