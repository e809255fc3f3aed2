import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { Dialog } from "~/components/ui/dialog";

/** 'Confirm Delete Book': the warning of SPEC §2, then Cancel or Delete book. */
export function DeleteBookDialog({ book, closeHref }: { book: { id: number; title: string }; closeHref: string }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog title={t("books.confirmDeleteTitle")} closeHref={closeHref}>
      <p className="warning">{t("books.confirmDeleteText", { title: book.title })}</p>
      <Form method="post" className="form-actions" preventScrollReset>
        <input type="hidden" name="intent" value="delete-book" />
        <input type="hidden" name="bookId" value={book.id} />
        <Link to={closeHref} className="button button-secondary" preventScrollReset>
          {t("books.cancel")}
        </Link>
        <button type="submit" className="button button-danger" disabled={busy}>
          {t("books.deleteBook")}
        </button>
      </Form>
    </Dialog>
  );
}
