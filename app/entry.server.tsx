import { PassThrough } from "node:stream";
import { isDatabaseUnavailable } from "~db/errors";
import { DATABASE_RETRY, foundDatabaseAway, noteDatabaseAway } from "./http/responses.server";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { getI18n } from "./http/i18n-middleware.server";
import { I18nContext } from "./i18n/page-i18n";
import { contentSecurityPolicy, createNonce } from "./http/csp.server";
import { NonceContext } from "./lib/nonce";

// Shared with server/index.mjs, which fills them in for every request and answers static files with them.
export { clientAddressContext } from "./http/client-address.server";
export { ready } from "~/routes/system/startup.server";
export { rejectCrossSite, rejectForeignHost } from "./http/cross-site.server";
export { proxySettings } from "./http/request-origin.server";
export { staticSecurityHeaders } from "./http/security-headers.server";

export const streamTimeout = 5_000;

/** React Router's report of every server error, before it hides the error's detail from the page. */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider | undefined },
) {
  if (context && isDatabaseUnavailable(error)) noteDatabaseAway(context);
  // As React Router's own report: nothing for a request the browser gave up.
  if (!request.signal.aborted) console.error(error);
}

/**
 * A navigation's data (`/books.data`, asked for by the browser's router) is a 503 with Retry-After when the database
 * was out of reach, as the page itself is: React Router keeps a thrown 503's status but not its headers, and answers a
 * loader's own error with a 500.
 */
export function handleDataRequest(response: Response, { context }: { context: RouterContextProvider }) {
  if (!foundDatabaseAway(context)) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(DATABASE_RETRY)) headers.set(name, value);
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page whose data could not be read because the database is out of reach (a restart) is a 503, not a 500
  // (issue 21): an error React Router has replaced by a bare one by now (handleError saw it first), or the 503 that
  // the session's read threw (databaseOutOfReach in app/http/responses.server.ts).
  if (foundDatabaseAway(loadContext)) {
    responseStatusCode = 503;
    for (const [name, value] of Object.entries(DATABASE_RETRY)) responseHeaders.set(name, value);
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = createNonce();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, process.env.NODE_ENV === "development"));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nContext.Provider value={getI18n(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Every Suspense boundary that is ready goes out in place, however large: React would otherwise move a
        // large one to the end of the stream and reveal it with an inline script, which a browser without
        // JavaScript never runs. (The workspace's panels are boundaries, so they hydrate one by one.)
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole page, for everyone: the loaders have already run, so nothing waits but the code of the parts
        // that are their own chunks (lazyWhenIdle), which a browser without JavaScript must get in place too.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
