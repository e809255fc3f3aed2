import type { Route } from "./+types/api.export";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { exportLibraryResponse } from "~/models/book-export.server";

/**
 * GET /api/export: all the signed-in user's books in one zip, each in its own folder, with library.json and index.html.
 */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  const user = requireUser(args);
  return exportLibraryResponse({
    userId: user.id,
    name: user.displayName?.trim() || user.username,
    language: getLocale(args.context),
  });
});

export const action = methodNotAllowed("GET");
