import type { Route } from "./+types/api.books";
import { bookListQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { listAdminBooks } from "~/models/admin.server";

/** GET /api/admin/books?q=&user=&language=&sort=title|language|createdAt&dir=&page=&pageSize= */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/books");
  return listAdminBooks(bookListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
