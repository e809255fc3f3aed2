import type { Route } from "./+types/import";
import { FormRouteToaster } from "~/components/ui/form-route-toaster";
import { requireUser } from "~/http/auth.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/http/flash.server";
import { IMPORT_MAX_BYTES } from "~/lib/keepsake-format";
import { actionResult, withFormBody } from "~/http/form-body.server";
import { importKeepsake, KeepsakeError } from "~/models/book-import.server";

/**
 * POST /profile/import: the profile page's "Import a book from a zip" form, without JavaScript too
 * (ADR 0008: its own route). Success opens the imported book (or the library, for several) with a toast;
 * a refused zip answers 400 and the profile page renders around the failure's toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const body = { files: { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }, tooLargeKey: "keepsake.tooLarge" as const };
  try {
    return await withFormBody(request, body, async ({ files }) => {
      const file = files.find((item) => item.field === "file");
      if (!file) throw new KeepsakeError("keepsake.noFile");
      const { bookIds } = await importKeepsake({ userId: user.id, zipPath: file.path });
      const toast = {
        kind: "success",
        title: "keepsake.imported",
        description: "keepsake.importedText",
        values: { count: String(bookIds.length) },
      } as const;
      return redirectWithToast(bookIds.length === 1 ? `/books/${bookIds[0]}` : "/books", toast);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const values = error instanceof KeepsakeError ? error.values : undefined;
    return actionResult(error.status, {
      toast: { kind: "error", title: "keepsake.importFailed", description: error.messageKey, values },
    });
  }
}

export default function FormRoute() {
  return <FormRouteToaster />;
}
