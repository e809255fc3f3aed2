// The production server: static assets with long caching, compression, and the React Router
// request handler with the client's socket address in the router context (for rate limiting).
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { drainRefusedBodies } from "./drain-refused-bodies.mjs";

// Must be decided before React loads: react and react-dom pick their build from it at import time.
process.env.NODE_ENV ??= "production";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const buildPath = path.join(root, "build", "server", "index.js");

export async function createServer() {
  const [{ createRequestHandler }, { default: compression }, { default: express }, { RouterContextProvider }] = await Promise.all([
    import("@react-router/express"),
    import("compression"),
    import("express"),
    import("react-router"),
  ]);
  const build = await import(url.pathToFileURL(buildPath).href);
  const { clientAddressContext, ready, rejectCrossSite } = build.entry.module;
  await ready; // migrations applied, admin account present

  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  // No directory redirects: a path such as /api/books/..%2F.. is React Router's to answer (a JSON 404), not a 301.
  app.use("/assets", express.static(path.join(root, "build", "client", "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }));
  app.use(express.static(path.join(root, "build", "client"), { maxAge: "1h", index: false, redirect: false }));
  // Cross-site form posts are refused with 403 before React Router's own check (which answers 400).
  app.use(async (req, res, next) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const refusal = await rejectCrossSite(req.method, headers, `http://${req.headers.host ?? "localhost"}${req.originalUrl}`);
    if (!refusal) return next();
    res.status(refusal.status).set("Content-Type", refusal.headers.get("Content-Type")).set("X-Content-Type-Options", "nosniff").send(await refusal.text());
  });
  // Mounted without a path pattern: Express would decode one and answer a malformed escape such as
  // /api/books/% with its own HTML 400 (and a stack trace in the log); React Router handles those itself.
  app.use(
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) => new RouterContextProvider(new Map([[clientAddressContext, req.socket.remoteAddress ?? "unknown"]])),
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
