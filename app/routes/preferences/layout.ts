import { redirect } from "react-router";
import type { Route } from "./+types/layout";
import { textError } from "~/http/responses.server";
import { readPreferenceForm } from "~/routes/preferences/preference-form.server";
import { readCookie } from "~/http/signed-cookie.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { LAYOUT_COOKIE, layoutCookie, parseLayout, withToc } from "~/routes/workspace/workspace-layout";

/** The contents panel's collapse / expand button without JavaScript: the layout cookie, then back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPreferenceForm(request, context);
  if (form instanceof Response) return form;
  const toc = form.get("toc");
  if (toc !== "collapsed" && toc !== "expanded") return textError(context, 400, "errors.invalid");
  const current = parseLayout(readCookie(request.headers.get("Cookie"), LAYOUT_COOKIE));
  throw redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": layoutCookie(withToc(current, toc === "collapsed")) },
  });
}

export function loader() {
  throw redirect("/");
}
