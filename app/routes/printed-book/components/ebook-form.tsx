import { useT } from "~/i18n/use-t";
import { KeepsakeStatus } from "./keepsake-status";
import { useKeepsakeDownload } from "./use-keepsake-download";

/**
 * "E-book" in the download dialog (issue 38 §3): the EPUB that keeps her voice, with nothing to choose; a GET form to
 * the keepsake page, as the PDF's is.
 */
export function EbookForm({ bookId }: { bookId: number }) {
  const t = useT();
  const download = useKeepsakeDownload();
  return (
    <form
      method="get"
      action={`/books/${bookId}/keepsake`}
      className="stack ebook"
      onSubmit={download.start}
      aria-labelledby="ebook-title"
    >
      <h3 id="ebook-title">{t("keepsakes.ebookTitle")}</h3>
      <p>{t("keepsakes.ebookIntro")}</p>
      <input type="hidden" name="kind" value="epub" />
      <div>
        <button type="submit" className="button button-secondary" aria-disabled={download.busy || undefined}>
          {t("keepsakes.prepareEbook")}
        </button>
      </div>
      <KeepsakeStatus state={download.state} />
    </form>
  );
}
