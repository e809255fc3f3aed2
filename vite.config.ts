import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

// Every page of the client build loads six scripts instead of 20 to 28: the framework (React, React Router),
// the app code that two or more routes share, the root, the page's route module, the entry and
// rolldown's runtime. On a slow phone each request costs a round trip and HTTP/1.1 opens six at a time, so
// the count matters more than the bytes, which also shrink (fewer gzip streams). Code that only some pages
// use through a dynamic import (dnd-kit, the recorder) stays in its own lazy chunks.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|use-sync-external-store)[\\/]/;

const TRANSLATION_CHUNKS = "virtual:translation-chunks";

/**
 * `virtual:translation-chunks` for the server: each language's strings chunk in the client build
 * (`{ en: "/assets/en-….js", vi: … }`), so that the page can preload its language's chunk with the other
 * scripts instead of after entry.client has run (app/i18n/load.ts imports it dynamically). React Router
 * builds the client before the server, with shared plugins; in development it is `{}`.
 */
function translationChunks(): Plugin {
  const files: Record<string, string> = {};
  return {
    name: "heirloom:translation-chunks",
    sharedDuringBuild: true,
    resolveId: (source) => (source === TRANSLATION_CHUNKS ? `\0${TRANSLATION_CHUNKS}` : undefined),
    load: (id) => (id === `\0${TRANSLATION_CHUNKS}` ? `export default ${JSON.stringify(files)};` : undefined),
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const language = chunk.type === "chunk" && chunk.isDynamicEntry ? /[\\/]app[\\/]i18n[\\/](\w+)\.ts$/.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
        if (language) files[language] = `${this.environment.config.base}${chunk.fileName}`;
      }
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), translationChunks()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "shared", test: /[\\/]app[\\/]/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
