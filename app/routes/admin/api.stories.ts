import type { Route } from "./+types/api.stories";
import { contentListQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { listAdminStories } from "~/models/admin.server";

/**
 * GET /api/admin/stories?q=&user=&page=&pageSize=, newest first, with the first 100 characters of each (cut in SQL).
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/stories");
  return listAdminStories(contentListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
