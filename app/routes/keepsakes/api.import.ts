import type { Route } from "./+types/api.import";
import { requireUser } from "~/http/auth.server";
import { apiHandler, methodNotAllowed, refuseMethod, translate } from "~/http/responses.server";
import { withFormBody } from "~/http/form-body.server";
import { IMPORT_MAX_BYTES } from "~/lib/keepsake-format";
import { importKeepsake, KeepsakeError } from "~/models/book-import.server";

/**
 * POST /api/import: multipart with one `file`, a zip made by an export (one book or all books), up to
 * 200 MB. Answers 201 `{ bookIds }` with the new books, or 400 `{ message, title }` saying what is wrong
 * with the zip (nothing is kept then), or 413 past the cap.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const body = { files: { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }, tooLargeKey: "keepsake.tooLarge" as const };
  return withFormBody(args.request, body, async ({ files }) => {
    try {
      const file = files.find((item) => item.field === "file");
      if (!file) throw new KeepsakeError("keepsake.noFile");
      const { bookIds } = await importKeepsake({ userId: user.id, zipPath: file.path });
      return Response.json({ bookIds }, { status: 201 });
    } catch (error) {
      if (!(error instanceof KeepsakeError)) throw error;
      return Response.json(
        {
          message: translate(args.context, error.messageKey, error.values),
          title: translate(args.context, "keepsake.importFailed"),
        },
        { status: 400 },
      );
    }
  });
});

export const loader = methodNotAllowed("POST");
