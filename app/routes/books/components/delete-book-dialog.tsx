import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useT } from "~/i18n/use-t";

/** 'Confirm Delete Book': the warning of docs/product.md §2, then Cancel or Delete book. */
export function DeleteBookDialog({ book, closeHref }: { book: { id: number; title: string }; closeHref: string }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t("books.confirmDeleteTitle")}
      warning={t("books.confirmDeleteText", { title: book.title })}
      fields={{}}
      action={`/books/${book.id}/delete`}
      confirmLabel={t("books.deleteBook")}
      cancelLabel={t("books.cancel")}
      closeHref={closeHref}
    />
  );
}
