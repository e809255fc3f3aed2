import type { Route } from "./+types/admin.books";
import { bookListQuery } from "~/lib/admin-query.server";
import { requireAdmin } from "~/services/auth.server";
import { apiQueryNumbers } from "~/lib/query.server";
import { apiHandler, methodNotAllowed } from "~/lib/http.server";
import { listAdminBooks } from "~/models/admin.server";

/** GET /api/admin/books?q=&user=&language=&sort=title|language|createdAt&dir=&page=&pageSize= */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/books");
  return listAdminBooks(bookListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
