import type { Route } from "./+types/api.user-activities";
import { ACTIVITY_PAGE_SIZE } from "~/lib/admin-filters";
import { adminQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, jsonError, methodNotAllowed, paramId } from "~/http/responses.server";
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
