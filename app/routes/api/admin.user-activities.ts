import type { Route } from "./+types/admin.user-activities";
import { ACTIVITY_PAGE_SIZE } from "~/lib/admin-filters";
import { adminQuery } from "~/lib/admin-query.server";
import { requireAdmin } from "~/services/auth.server";
import { apiQueryNumbers } from "~/lib/query.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/lib/http.server";
import { getUserRow, listUserActivities } from "~/models/admin.server";

/**
 * GET /api/admin/users/{id}/activities?page=&pageSize=: `{ activities: [{ id, action, resource, details, timestamp }],
 * total, page, pages }`.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/users/:id/activities");
  const user = await getUserRow(paramId(args.params.id));
  if (!user) return jsonError(args.context, 404, "errors.notFound");
  const query = adminQuery(new URL(args.request.url).searchParams);
  return listUserActivities({ userId: user.id, page: query.page, pageSize: query.pageSize ?? ACTIVITY_PAGE_SIZE });
});

export const action = methodNotAllowed("GET");
