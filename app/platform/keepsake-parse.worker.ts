import { parentPort } from "node:worker_threads";
import { parseKeepsake } from "../lib/keepsake-parse";

// The worker thread of keepsake-parser.server.ts, an entry of its own in the server build (vite.config.ts):
// it parses and checks one document per message, so the server's event loop never does.
parentPort?.on("message", ({ bytes, expected }: { bytes: Uint8Array; expected: "book" | "library" }) => {
  parentPort?.postMessage(parseKeepsake(bytes, expected));
});
