import { isRouteErrorResponse } from "react-router";

/** "Page · Heirloom", for a route's meta from the title its loader translated. */
export function pageTitle(title: string | undefined, appName = "Heirloom") {
  return [{ title: title ? `${title} · ${appName}` : appName }];
}

/** The title a loader threw with its 404 (`pageNotFound`, app/http/responses.server.ts), for its route's meta. */
export function thrownTitle(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const title = (error.data as { title?: unknown } | null)?.title;
  return typeof title === "string" ? title : undefined;
}
