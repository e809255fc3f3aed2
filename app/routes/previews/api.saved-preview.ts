import type { Route } from "./+types/api.saved-preview";
import { requireAdmin } from "~/http/auth.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
import { getSavedPreview } from "~/models/admin.server";

/**
 * GET /api/topics/{id}/saved-preview (the admin's view, docs/product.md §7): `{ preview }`, the topic's saved draft
 * narrative as it is (possibly empty), without generating one; 404 with the spec's message when none was saved.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  const saved = await getSavedPreview(paramId(args.params.id));
  if (!saved) return jsonError(args.context, 404, "admin.previewError");
  return { preview: saved.preview };
});

export const action = methodNotAllowed("GET");
