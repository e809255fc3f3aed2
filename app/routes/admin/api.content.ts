import type { Route } from "./+types/api.content";
import { explorerData } from "~/routes/admin/admin-page.server";
import { explorerQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";

/**
 * GET /api/admin/content: the content tree per user (books → topics → stories → media), with the
 * Content Explorer's caps (ADR 0012). `?q=&page=` for a page of users; `?user=ID&bpage=&book=&topic=&story=`
 * for one user, a page of their books, all of one book's topics or one topic's stories, one story's full text.
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/content");
  return explorerData(explorerQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
