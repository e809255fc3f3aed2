import type { Route } from "./+types/api.book-stories";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { getBook } from "~/models/book.server";
import { listBookStories } from "~/models/story.server";

/** GET /api/books/{id}/stories: every story of the book, in book order, without the text. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.id), userId: user.id });
  if (!book) return jsonError(args.context, 404, "books.notFound");
  return listBookStories({ bookId: book.id, userId: user.id });
});

export const action = methodNotAllowed("GET");
