import type { Route } from "./+types/api.users";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { userListQuery } from "~/lib/admin-query";
import { listUsers } from "~/models/admin.server";

export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/users");
  return listUsers(userListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
