import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { formAction } from "~/http/form-route.server";
import { paramId } from "~/http/responses.server";
import { deleteBook } from "~/models/book.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "~/models/media.server";
import { forgetPrintedBook } from "~/routes/printed-book/keepsakes.server";

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
