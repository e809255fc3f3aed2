import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { useT } from "~/i18n/use-t";

/** The site's error page: not found, the database out of reach (a moment's wait), or a fault of ours. */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The database out of reach (app/http/responses.server.ts): a moment's wait, not a fault of the page.
  const databaseAway = isRouteErrorResponse(error) && (error.data as { reason?: string } | null)?.reason === "database";
  if (!isRouteErrorResponse(error)) console.error(error);
  let text = t("errors.server");
  if (status === 404) text = t("notFound.text");
  else if (databaseAway) text = t("errors.databaseUnavailable");
  return (
    <main id="main" className="page page-narrow">
      <h1>{status === 404 ? t("notFound.title") : t("errors.title")}</h1>
      <p>{text}</p>
      <p>
        <a className="button" href="/">
          {t("notFound.returnHome")}
        </a>
      </p>
    </main>
  );
}

/**
 * A page's error boundary (ADR 37): what its loader threw as a 404 (`pageNotFound`) is the page's own "not found"
 * (`notFound`), anything else the site's error page.
 */
export function RouteErrorPage({ error, notFound }: { error: unknown; notFound: ReactNode }) {
  if (isRouteErrorResponse(error) && error.status === 404) return notFound;
  return <ErrorPage error={error} />;
}
