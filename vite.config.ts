import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Every page of the client build loads six scripts instead of 20 to 28: the framework (React, React Router,
// i18next), the app code that two or more routes share, the root, the page's route module, the entry and
// rolldown's runtime. On a slow phone each request costs a round trip and HTTP/1.1 opens six at a time, so
// the count matters more than the bytes, which also shrink (fewer gzip streams). Code that only some pages
// use through a dynamic import (dnd-kit, the recorder) stays in its own lazy chunks.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [reactRouter()],
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
