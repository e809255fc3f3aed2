import type { Route } from "./+types/api.book";
import { requireUser } from "~/http/auth.server";
import { getLocale } from "~/http/i18n-middleware.server";
import { bookJson } from "~/routes/books/book-json.server";
import { saveBook } from "~/routes/books/book-save.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { bookSchema } from "~/lib/validation";
import { deleteBook, getBook } from "~/models/book.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "~/models/media.server";
import { BOOK_BODY_LIMIT } from "./api.books";
import { forgetPrintedBook } from "~/routes/printed-book/keepsakes.server";

/** GET /api/books/{id}: the owner's book, or 404 for anyone else. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.id), userId: user.id });
  return book ? bookJson(book) : jsonError(args.context, 404, "books.notFound");
});

/** PUT (`saveBook`) and DELETE /api/books/{id}, for the owner only. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { request, context } = args;
  const id = paramId(args.params.id);
  if (request.method === "PUT") {
    const input = await readJsonInput(context, request, bookSchema, BOOK_BODY_LIMIT);
    return bookJson(await saveBook(user, { bookId: id, input, uiLanguage: getLocale(context) }));
  }
  if (request.method === "DELETE") {
    const deleted = await deleteBook({ bookId: id, userId: user.id });
    await deleteCoverIfUnused(deleted.coverImage);
    await deleteMediaFiles(deleted.mediaKeys);
    await forgetPrintedBook(deleted.id);
    return { ok: true, id };
  }
  return refuseMethod(context, ["GET", "PUT", "DELETE"]);
});
