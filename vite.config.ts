import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { appPath, packageOf } from "./config/module-paths.ts";

// Every rule below looks at a module's package or at its path inside the project, never at its absolute id,
// whose folders above the project are the checkout's: /srv/app/heirloom has "/app/" in every id
// (config/module-paths.ts).

const FRAMEWORK = new Set([
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "cookie",
  "set-cookie-parser",
  "use-sync-external-store",
]);

/**
 * zod, which a form needs to check its fields in the browser once the page is idle (ADR 25), in a lazily loaded chunk
 * of a name that says what it is for (rolldown would name it after one of zod's own files). Each form imports its
 * schema from app/lib/validation.ts with a dynamic import, and useClientValidation the parser (app/lib/submission.ts,
 * with conform's zod adapter): those stay chunks of their own, holding only what the forms use. Only zod is named
 * here: a group that also took conform's zod adapter pulled the chunk into every page's first render.
 * tests/http/client-bundle.test.ts checks that no page's first render reaches it.
 */
const CLIENT_VALIDATION = new Set(["zod"]);

/**
 * The app code any page may need, the signed-out ones too: shared components, hooks, strings and helpers. What the
 * rooms share among themselves (a book card, the dialogs, the editors' parts) goes to a chunk of its own, which the
 * sign-in page does not load.
 */
const EVERY_PAGE = /^(components\/(ui|layout)\/|hooks\/|i18n\/|lib\/)/;

/**
 * Code that only parts loaded on demand share, which two modules sharing would put in a chunk every page loads: a
 * keepsake's progress and the print shop's warning (issue 38), shown by the keepsake page, which sends no JavaScript,
 * and the download dialog, which loads when opened; and the hook with which the admin's pages, the weekly card and the
 * download dialog add the strings they bring (ADR 39). They are left to chunks of their own, which only those load.
 */
const ON_DEMAND = /^(routes\/printed-book\/components\/(keepsake-progress|soft-pictures)\.tsx|i18n\/added-strings\.ts)/;

const LAZY_CHUNKS = "virtual:lazy-chunks";

/**
 * The storyteller's doors (/tell/{token}, /answer) render these on the server only and send no React (ADR 0028). Two
 * route modules share them, which would put them in the chunk every page loads; they are left to a chunk of their
 * own, which no page loads.
 */
const DOOR_COMPONENTS = /^routes\/storyteller\/door\//;

/**
 * The shared book's reading page and photo page (/s/{token}) send no JavaScript, but two route modules share these,
 * which would put them, and the reader's whole stylesheet, in the chunk every page of the app loads: they are left to a
 * chunk of their own, as the doors' are.
 */
const READER = new RegExp(
  [
    /^routes\/sharing\/shared-(book|photo)\.tsx/,
    /^routes\/sharing\/components\/(shared-|chapter-nav|reader-styles)/,
    /^styles\/reader\.css/,
  ]
    .map((part) => part.source)
    .join("|"),
);

/**
 * `virtual:lazy-chunks` for the server: the client build's chunk of each module under app/ that is
 * imported dynamically, by its path without the extension (`{ "i18n/en.browser": "/assets/en.browser-….js",
 * "routes/workspace/components/resizable-panels": … }`), so that a page can preload what it will import before
 * its scripts have run: the language's strings (root.tsx) and, on wide screens, the workspace's resizable
 * panels (routes/book.tsx). React Router builds the client before the server, with shared plugins; in
 * development it is `{}`.
 */
function lazyChunks(): Plugin {
  const files: Record<string, string> = {};
  return {
    name: "heirloom:lazy-chunks",
    sharedDuringBuild: true,
    resolveId: (source) => (source === LAZY_CHUNKS ? `\0${LAZY_CHUNKS}` : undefined),
    load: (id) => (id === `\0${LAZY_CHUNKS}` ? `export default ${JSON.stringify(files)};` : undefined),
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const { root, base } = this.environment.config;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const source = appPath(root, chunk.facadeModuleId)?.replace(/\.tsx?$/, "");
        if (source) files[source] = `${base}${chunk.fileName}`;
      }
    },
  };
}

const CLIENT_ENTRIES = "virtual:client-entries";

/**
 * Scripts that pages without React load on their own (`{ tell: "./app/routes/storyteller/client/tell.client.ts" }`),
 * each an entry of the
 * client build, and `virtual:client-entries` for the server: each one's address by name (`{ tell: "/assets/tell-….js"
 * }`). Such a page (the storyteller's door, ADR 0028) renders its `<script type="module">` itself, so it ships that
 * script and nothing of the framework. In development the address is the source's, which Vite serves compiled.
 */
function clientEntries(entries: Record<string, string>): Plugin {
  const built: Record<string, string> = {};
  const sources = Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [name, fileURLToPath(new URL(source, import.meta.url))]),
  );
  let command: "build" | "serve" = "serve";
  return {
    name: "heirloom:client-entries",
    sharedDuringBuild: true,
    configResolved: (config) => void (command = config.command),
    resolveId: (source) => (source === CLIENT_ENTRIES ? `\0${CLIENT_ENTRIES}` : undefined),
    load(id) {
      if (id !== `\0${CLIENT_ENTRIES}`) return undefined;
      const addresses =
        command === "build"
          ? built
          : Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, source.replace(/^\./, "")]));
      return `export default ${JSON.stringify(addresses)};`;
    },
    buildStart() {
      if (this.environment.name !== "client" || this.environment.config.command !== "build") return;
      for (const [name, id] of Object.entries(sources)) this.emitFile({ type: "chunk", id, name });
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const { base } = this.environment.config;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || !chunk.facadeModuleId) continue;
        const name = Object.keys(sources).find((key) => sources[key] === chunk.facadeModuleId);
        if (name) built[name] = `${base}${chunk.fileName}`;
      }
    },
  };
}

/**
 * The server's worker threads (ADR 0023), each an entry of the server build under a fixed name beside
 * index.js, where the code that starts it looks for it: `{ "keepsake-parse-worker.js": "app/lib/…" }`,
 * paths from the project root. The development server has none; its code runs them in its own thread.
 */
function serverWorkers(entries: Record<string, string>): Plugin {
  return {
    name: "heirloom:server-workers",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    buildStart() {
      if (this.environment.config.command !== "build") return;
      for (const [fileName, source] of Object.entries(entries))
        this.emitFile({ type: "chunk", id: fileURLToPath(new URL(source, import.meta.url)), fileName });
    },
  };
}

/**
 * Every page of the client build loads six scripts instead of 20 to 28: the framework (React, React Router),
 * the app code that two or more routes share, the root, the page's route module, the entry and
 * rolldown's runtime. On a slow phone each request costs a round trip and HTTP/1.1 opens six at a time, so
 * the count matters more than the bytes, which also shrink (fewer gzip streams). Code that only some pages
 * use through a dynamic import (dnd-kit, the recorder) stays in its own lazy chunks.
 *
 * The groups' tests need the project root, which Vite resolves after this file has run: the plugin keeps
 * it from `configResolved`, which comes before any module is bundled.
 */
function chunkGroups(): Plugin {
  let resolvedRoot: string | undefined;
  const root = () => {
    if (resolvedRoot === undefined) throw new Error("heirloom:chunk-groups: the project root is not resolved yet");
    return resolvedRoot;
  };
  return {
    name: "heirloom:chunk-groups",
    configResolved: (config) => void (resolvedRoot = config.root),
    config: () => ({
      environments: {
        client: {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    {
                      name: "client-validation",
                      test: (id: string) => CLIENT_VALIDATION.has(packageOf(root(), id) ?? ""),
                      priority: 3,
                    },
                    {
                      name: "framework",
                      test: (id: string) => FRAMEWORK.has(packageOf(root(), id) ?? ""),
                      priority: 2,
                    },
                    {
                      name: "shared",
                      test: (id: string) => {
                        const path = appPath(root(), id);
                        return path !== undefined && EVERY_PAGE.test(path) && !ON_DEMAND.test(path);
                      },
                      minShareCount: 2,
                      priority: 1,
                    },
                    {
                      name: "rooms",
                      test: (id: string) => {
                        const path = appPath(root(), id);
                        return (
                          path !== undefined &&
                          !DOOR_COMPONENTS.test(path) &&
                          !READER.test(path) &&
                          !ON_DEMAND.test(path)
                        );
                      },
                      minShareCount: 2,
                      priority: 0.5,
                    },
                  ],
                },
              },
            },
          },
        },
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    lazyChunks(),
    clientEntries({ "storyteller-door": "./app/routes/storyteller/client/tell.client.ts" }),
    chunkGroups(),
    serverWorkers({
      "keepsake-parse-worker.js": "./app/platform/keepsake-parse.worker.ts",
      "keepsake-process.js": "./app/routes/printed-book/keepsake/keepsake.process.ts",
    }),
  ],
  resolve: { tsconfigPaths: true },
  // drizzle-orm is hundreds of small modules under a 179 kB package.json, which Node's resolver read and parsed
  // once per module: 0.8 s and 150 MB of garbage at every start, which left the idle server at 260 MB of RSS.
  // Bundled, it is resolved once, at build time.
  ssr: { noExternal: ["drizzle-orm"] },
});
