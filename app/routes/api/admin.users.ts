import type { Route } from "./+types/admin.users";
import { requireAdmin } from "~/services/auth.server";
import { apiQueryNumbers } from "~/lib/query.server";
import { apiHandler, methodNotAllowed } from "~/lib/http.server";
import { userListQuery } from "~/lib/admin-query.server";
import { listUsers } from "~/models/admin.server";

export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/users");
  return listUsers(userListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
