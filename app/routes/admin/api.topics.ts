import type { Route } from "./+types/api.topics";
import { contentListQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { listAdminTopics } from "~/models/admin.server";

/** GET /api/admin/topics?q=&user=&page=&pageSize=, newest first. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/topics");
  return listAdminTopics(contentListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
