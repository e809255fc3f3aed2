import type { Route } from "./+types/book";
import { requireUser } from "~/services/auth.server";
import { bookJson } from "~/services/book-api.server";
import { resolveCover, toBookInput, writeWithCover } from "~/services/book-input.server";
import { readJsonInput } from "~/lib/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/lib/http.server";
import { bookSchema } from "~/lib/validation";
import { deleteBook, getBook, updateBook } from "~/models/book.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "~/models/media.server";
import { BOOK_BODY_LIMIT } from "./books";
import { forgetPrintedBook } from "~/services/book-pdf.server";

/** GET /api/books/{id}: the owner's book, or 404 for anyone else. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const book = await getBook({ bookId: paramId(args.params.id), userId: user.id });
  return book ? bookJson(book) : jsonError(args.context, 404, "books.notFound");
});

/** PUT and DELETE /api/books/{id}, for the owner only. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const { request, context } = args;
  const id = paramId(args.params.id);
  const current = await getBook({ bookId: id, userId: user.id });
  if (!current) return jsonError(context, 404, "books.notFound");
  if (request.method === "PUT") {
    const parsed = await readJsonInput(context, request, bookSchema, BOOK_BODY_LIMIT);
    const cover = await resolveCover({ requested: parsed.coverImage, current: current.coverImage });
    const input = toBookInput(parsed, cover, parsed.language ?? current.language);
    const book = await writeWithCover(cover, () => updateBook({ bookId: id, userId: user.id, input }));
    if (current.coverImage !== book.coverImage) await deleteCoverIfUnused(current.coverImage);
    return bookJson({ ...book, storyCount: current.storyCount });
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
