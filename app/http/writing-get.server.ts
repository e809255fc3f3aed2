import type { RouterContextProvider } from "react-router";
import { jsonError } from "./responses.server";

/**
 * `Sec-Fetch-Site` values of a request that another site started. `same-site` counts as another site: a
 * family server at heirloom.example.org shares its site with whatever else runs on example.org (a blog, a
 * photo gallery), none of which may make it write. `same-origin` (our own pages) and `none` (an address
 * typed or bookmarked) pass, and so does a request without the header (an older browser, curl, a script
 * with the session cookie): those are not sent by a link on someone else's page in a current browser.
 */
const ANOTHER_SITE = new Set(["cross-site", "same-site"]);

/** True when a browser says another site (a link, a form, an image on its page) started this request. */
export function startedByAnotherSite(request: Request): boolean {
  return ANOTHER_SITE.has(request.headers.get("Sec-Fetch-Site")?.toLowerCase() ?? "");
}

/**
 * The one check of a GET that writes or spends (ADR 0022): docs/product.md §7 keeps some endpoints GET (a topic's
 * preview is generated and saved over the draft; a book's is generated and cached; with an AI server both
 * cost money), and SameSite=Lax cookies go with a top-level navigation from another site. Such a request
 * gets a translated 403 before anything runs; the UI itself asks with POST (`preview` actions).
 */
export function refuseCrossSiteWrite({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): void {
  if (startedByAnotherSite(request)) throw jsonError(context, 403, "errors.crossSite");
}
