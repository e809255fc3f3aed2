import type { Route } from "./+types/api.book-export";
import { requireUser } from "~/http/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { exportBookResponse } from "~/models/book-export.server";
import { getBook } from "~/models/book.server";

/** GET /api/books/{id}/export: the book as a zip (book.json, book.md, book.html, media/), for its owner only. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const bookId = paramId(args.params.id);
  if (!(await getBook({ bookId, userId: user.id }))) return jsonError(args.context, 404, "books.notFound");
  return (await exportBookResponse(bookId)) ?? jsonError(args.context, 404, "books.notFound");
});

export const action = methodNotAllowed("GET");
