/**
 * The page a request is for. With JavaScript, React Router fetches a page's data and posts its forms
 * to `/admin.data?_routes=…` (`/_.data` for the index route), and passes that URL on to loaders and
 * actions; a redirect built from it must not send the browser there.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.replace(/_\.data$/, "");
  else url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

/** pageUrl as a same-site path with its query, for redirects. */
export function pagePath(request: Request): string {
  const url = pageUrl(request);
  return url.pathname + url.search;
}
