import type { User } from "~db/schema";
import { AppError } from "~/lib/errors";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { formAction } from "~/http/form-route.server";
import { paramId, formId } from "~/http/responses.server";
import { getStoryInBook, moveStory } from "~/models/story.server";
import { getTopicInBook, moveTopic, updateTopic } from "~/models/topic.server";

const bookPage = (params: { bookId?: string }) => `/books/${paramId(params.bookId)}`;
// A move made in the phone's Reorder mode comes back to that mode (docs/product.md §2).
const afterMove = (params: { bookId?: string }, form: FormData) =>
  form.get("reorder") === "1" ? `${bookPage(params)}?reorder=1` : bookPage(params);

/** The topic or story must belong to this book (and so to this user), checked before any change. */
function found<T>(item: T | null, missing: "topics.notFound" | "stories.notFound", title?: "topics.archiveFailed"): T {
  if (!item) throw new AppError(404, missing, undefined, title);
  return item;
}

const delta = (form: FormData) => (form.get("direction") === "up" ? -1 : 1);

/**
 * POST /books/{id}/toc: the table of contents' forms without JavaScript. Three intents: move a topic
 * or a story one place (the up/down buttons), and archive or restore a topic.
 */
export const action = formAction({
  failureTitle: "topics.reorderFailed",
  run: async ({ form, user, params }) => {
    const bookId = paramId(params.bookId);
    const intent = form.get("intent");
    const topicId = formId(form, "topicId");
    if (intent === "move-topic") {
      found(await getTopicInBook({ topicId, bookId, userId: user.id }), "topics.notFound");
      await moveTopic({ topicId, userId: user.id, delta: delta(form) });
      return { to: afterMove(params, form), toast: { kind: "success", title: "toc.moved" } };
    }
    if (intent === "move-story") {
      const storyId = formId(form, "storyId");
      found(await getStoryInBook({ storyId, bookId, userId: user.id }), "stories.notFound");
      await moveStory({ storyId, userId: user.id, delta: delta(form) });
      return { to: afterMove(params, form), toast: { kind: "success", title: "toc.moved" } };
    }
    if (intent === "archive-topic") return archive(form, user, bookId, topicId);
    throw new AppError(400, "errors.invalid");
  },
});

async function archive(form: FormData, user: User, bookId: number, topicId: number) {
  found(await getTopicInBook({ topicId, bookId, userId: user.id }), "topics.notFound", "topics.archiveFailed");
  const archived = form.get("archived") === "true";
  await updateTopic({ topicId, userId: user.id, changes: { archived } });
  return {
    to: `/books/${bookId}`,
    toast: {
      kind: "success" as const,
      title: archived ? ("topicEditor.archived" as const) : ("topicEditor.unarchived" as const),
    },
  };
}

export default function FormRoute() {
  return <FormRouteToaster />;
}
