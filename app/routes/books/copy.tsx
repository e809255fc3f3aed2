import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { formAction } from "~/http/form-route.server";
import { paramId, translate } from "~/http/responses.server";
import { copyBook } from "~/models/book.server";

/** POST /books/{id}/copy: 'Create copy', then the suggest-topics dialog for the copy. */
export const action = formAction({
  failureTitle: "books.copyFailed",
  run: async ({ user, params, context }) => {
    const copy = await copyBook({
      bookId: paramId(params.bookId),
      userId: user.id,
      suffix: translate(context, "books.copySuffix"),
    });
    return {
      to: `/books/${copy.id}/suggest-topics?copy=1`,
      toast: { kind: "success", title: "books.copyCreated", description: "books.copyCreatedText" },
    };
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
