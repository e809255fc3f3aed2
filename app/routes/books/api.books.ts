import type { Route } from "./+types/api.books";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { bookJson } from "~/routes/books/book-json.server";
import { saveBook } from "~/routes/books/book-save.server";
import { BOOK_JSON_MAX_BYTES } from "~/http/body-caps";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, refuseMethod } from "~/http/responses.server";
import { apiQueryNumbers } from "~/http/query.server";
import { bookSchema } from "~/lib/validation";
import { listBooks } from "~/models/book.server";

// A data: URL cover is base64 (4/3 of its bytes), plus the other fields; too large is the cover's own message.
export const BOOK_BODY_LIMIT = { maxBytes: BOOK_JSON_MAX_BYTES, tooLargeKey: "books.tooLarge" } as const;

/** GET /api/books: the user's books, newest activity first (`limit` 1–500, default 100; `offset`; `q`). */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const { limit, offset } = apiQueryNumbers(args, "api/books");
  const search = new URL(args.request.url).searchParams.get("q") ?? undefined;
  const { books, total } = await listBooks({ userId: user.id, search, limit, offset });
  return Response.json(books.map(bookJson), { headers: { "X-Total-Count": String(total) } });
});

/** POST /api/books: { title, description, coverImage, language, tone } → the new book (201), through `saveBook`. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { request, context } = args;
  if (request.method !== "POST") return refuseMethod(context, ["GET", "POST"]);
  const input = await readJsonInput(context, request, bookSchema, BOOK_BODY_LIMIT);
  const book = await saveBook(user, { input, uiLanguage: getLocale(context) });
  return Response.json(bookJson(book), { status: 201 });
});
