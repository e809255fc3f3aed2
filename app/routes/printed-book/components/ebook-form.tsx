import { useT } from "~/i18n/use-t";
import { KeepsakeForm } from "./keepsake-form";

/** "E-book" in the download dialog (issue 38 §3): the EPUB that keeps her voice, with nothing to choose. */
export function EbookForm({ bookId }: { bookId: number }) {
  const t = useT();
  return (
    <KeepsakeForm
      bookId={bookId}
      kind="epub"
      name="ebook"
      title={t("keepsakes.ebookTitle")}
      intro={t("keepsakes.ebookIntro")}
      submit={t("keepsakes.prepareEbook")}
    />
  );
}
