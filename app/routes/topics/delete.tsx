import { AppError } from "~/lib/errors";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { formAction } from "~/http/form-route.server";
import { paramId } from "~/http/responses.server";
import { deleteMediaFiles } from "~/models/media.server";
import { deleteTopic, getTopicInBook } from "~/models/topic.server";

const bookPage = (params: { bookId?: string }) => `/books/${paramId(params.bookId)}`;

/** POST /books/{id}/topics/{topicId}/delete: the confirmed 'Delete topic', with its stories, questions and media. */
export const action = formAction({
  failureTitle: "topics.deleteFailed",
  run: async ({ user, params }) => {
    const topicId = paramId(params.topicId);
    if (!(await getTopicInBook({ topicId, bookId: paramId(params.bookId), userId: user.id })))
      throw new AppError(404, "topics.notFound");
    const { mediaKeys } = await deleteTopic({ topicId, userId: user.id });
    await deleteMediaFiles(mediaKeys);
    return { to: bookPage(params), toast: { kind: "success", title: "topicEditor.deleted" } };
  },
});

export default function FormRoute() {
  return <FormRouteToaster />;
}
