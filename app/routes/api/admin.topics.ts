import type { Route } from "./+types/admin.topics";
import { contentListQuery } from "~/lib/admin-query.server";
import { requireAdmin } from "~/services/auth.server";
import { apiQueryNumbers } from "~/lib/query.server";
import { apiHandler, methodNotAllowed } from "~/lib/http.server";
import { listAdminTopics } from "~/models/admin.server";

/** GET /api/admin/topics?q=&user=&page=&pageSize=, newest first. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/topics");
  return listAdminTopics(contentListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
