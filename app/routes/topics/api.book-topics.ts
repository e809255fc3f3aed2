import type { Route } from "./+types/api.book-topics";
import { requireUser } from "~/http/auth.server";
import { saveTopic } from "~/routes/topics/topic-save.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { topicCreateSchema } from "~/lib/validation";
import { getBook } from "~/models/book.server";
import { listBookTopics } from "~/models/topic.server";

/** GET /api/books/{id}/topics: the book's topics in order (archived ones too, flagged). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.id), userId: user.id });
  if (!book) return jsonError(args.context, 404, "books.notFound");
  return listBookTopics({ bookId: book.id, includeArchived: true });
});

/** POST /api/books/{id}/topics: { title, description } → the topic (201), through `saveTopic`. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["GET", "POST"]);
  const fields = await readJsonInput(args.context, args.request, topicCreateSchema);
  const topic = await saveTopic(user, { bookId: paramId(args.params.id), fields });
  return Response.json(topic, { status: 201 });
});
