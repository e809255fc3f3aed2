import type { Route } from "./+types/api.mail";
import { mailListQuery } from "~/lib/admin-query";
import { requireAdmin } from "~/http/auth.server";
import { apiQueryNumbers } from "~/http/query.server";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { listMailLog } from "~/models/mail-log.server";

/**
 * GET /api/admin/mail?direction=out|in&status=queued|sent|failed|taken|refused&q=&page=&pageSize=: the mail log,
 * newest first, never a body (issue 37).
 */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  requireAdmin(args);
  apiQueryNumbers(args, "api/admin/mail");
  return listMailLog(mailListQuery(new URL(args.request.url).searchParams));
});

export const action = methodNotAllowed("GET");
