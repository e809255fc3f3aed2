import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { formAction } from "~/services/form-route.server";
import { paramId } from "~/lib/http.server";
import { deleteBook } from "~/models/book.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "~/models/media.server";
import { forgetPrintedBook } from "~/services/book-pdf.server";

/** POST /books/{id}/delete: the confirmed 'Delete book', back to the library. */
export const action = formAction({
  failureTitle: "books.deleteFailed",
  run: async ({ user, params }) => {
    const deleted = await deleteBook({ bookId: paramId(params.bookId), userId: user.id });
    await deleteCoverIfUnused(deleted.coverImage);
    await deleteMediaFiles(deleted.mediaKeys);
    await forgetPrintedBook(deleted.id);
    return { to: "/books", toast: { kind: "success", title: "books.deleted", description: "books.deletedText" } };
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
