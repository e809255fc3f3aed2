// The production server: static assets with long caching, compression, and the React Router
// request handler with the client's address in the router context (for rate limiting). Behind a
// reverse proxy (TRUST_PROXY) the address, scheme and host come from the proxy's X-Forwarded-* headers.
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { drainRefusedBodies } from "./drain-refused-bodies.mjs";

// Must be decided before React loads: react and react-dom pick their build from it at import time.
process.env.NODE_ENV ??= "production";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.join(root, "build", "server", "index.js");

export async function createServer() {
  const [{ createRequestHandler }, { default: compression }, { default: express }, { RouterContextProvider }] =
    await Promise.all([
      import("@react-router/express"),
      import("compression"),
      import("express"),
      import("react-router"),
    ]);
  const build = await import(url.pathToFileURL(buildPath).href);
  const { clientAddressContext, proxySettings, ready, rejectCrossSite, rejectForeignHost, staticSecurityHeaders } =
    build.entry.module;
  await ready; // migrations applied, admin account present; a bad variable has stopped the start
  const { trustProxyHops, publicUrl } = proxySettings();

  const app = express();
  app.disable("x-powered-by");
  // TRUST_PROXY: believe X-Forwarded-For, -Proto and -Host from that many proxies in front of us (Express's
  // hop count: the client is the right-most X-Forwarded-For address that no trusted proxy wrote). React
  // Router's adapter builds request.url from req.protocol and req.host, so the app sees the browser's address.
  // Unset, those headers are ignored: any client could write them.
  if (trustProxyHops > 0) app.set("trust proxy", trustProxyHops);
  // PUBLIC_URL: every request answered is for that site (other hosts get 400 below), so its scheme is the one
  // the browser used, whatever the proxy says; request.url and React Router's own Origin check then agree with it.
  if (publicUrl) {
    const scheme = new URL(publicUrl).protocol.slice(0, -1);
    Object.defineProperty(app.request, "protocol", { configurable: true, enumerable: true, get: () => scheme });
  }
  const https = (req) => req.protocol === "https";
  const headersOf = (req) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    return headers;
  };
  // The address the browser asked for; a Host header that is no host name leaves only the path to judge.
  const requestUrl = (req) => {
    try {
      return new URL(`${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`).href;
    } catch {
      return new URL(`http://invalid-host.invalid${req.originalUrl}`).href;
    }
  };
  // The server's own refusals (another host, another site), with the headers every answer carries.
  const refuse = async (req, res, refusal) => {
    res
      .status(refusal.status)
      .set(staticSecurityHeaders(https(req)))
      .set("Cache-Control", "no-store")
      .set("Content-Type", refusal.headers.get("Content-Type"));
    res.send(await refusal.text());
  };

  app.use(compression());
  // PUBLIC_URL: another host is refused before anything is served, static files included.
  app.use(async (req, res, next) => {
    const refusal = await rejectForeignHost(headersOf(req), requestUrl(req));
    if (refusal) return refuse(req, res, refusal);
    next();
  });
  // Static files get the pages' security headers (one definition: app/http/security-headers.server.ts).
  const setHeaders = (res) => res.set(staticSecurityHeaders(https(res.req)));
  // No directory redirects: a path such as /api/books/..%2F.. is React Router's to answer (a JSON 404), not a 301.
  app.use(
    "/assets",
    express.static(path.join(root, "build", "client", "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      setHeaders,
    }),
  );
  // public/'s files all have an extension (favicon.svg, covers/*.webp): a page's path, which has none, skips the disk.
  // Looking each page up there cost a stat and a thrown 404 per request, 5 to 8 % of the server's work.
  const publicFiles = express.static(path.join(root, "build", "client"), {
    maxAge: "1h",
    index: false,
    redirect: false,
    setHeaders,
  });
  app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  // Cross-site form posts are refused with 403 before React Router's own check (which answers 400).
  app.use(async (req, res, next) => {
    const refusal = await rejectCrossSite(req.method, headersOf(req), requestUrl(req));
    if (refusal) return refuse(req, res, refusal);
    next();
  });
  // Mounted without a path pattern: Express would decode one and answer a malformed escape such as
  // /api/books/% with its own HTML 400 (and a stack trace in the log); React Router handles those itself.
  app.use(
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      // req.ip is the socket's peer, or with TRUST_PROXY the client the trusted proxy saw.
      getLoadContext: (req) =>
        new RouterContextProvider(new Map([[clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown"]])),
    }),
  );
  return app;
}

/** Listens on PORT/HOST and closes cleanly on SIGTERM/SIGINT. */
export async function listen() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const app = await createServer();
  // An answer given before the body was read (401, 403, 413) still reaches a client that is sending (ADR 18).
  const server = drainRefusedBodies(http.createServer(app));
  server.listen(port, host, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    console.log(`Heirloom is listening on http://${host === "0.0.0.0" ? "localhost" : host}:${actual}`);
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
  return server;
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) await listen();
