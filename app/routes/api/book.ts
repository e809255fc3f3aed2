import type { Route } from "./+types/book";
import { requireUser } from "~/services/auth.server";
import { getLocale } from "~/i18n/middleware.server";
import { bookJson } from "~/services/book-api.server";
import { saveBook } from "~/services/book-save.server";
import { readJsonInput } from "~/lib/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/lib/http.server";
import { bookSchema } from "~/lib/validation";
import { deleteBook, getBook } from "~/models/book.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "~/models/media.server";
import { BOOK_BODY_LIMIT } from "./books";
import { forgetPrintedBook } from "~/services/book-pdf.server";

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
