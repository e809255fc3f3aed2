import type { KeepsakeMessage, KeepsakeTask } from "./keepsake-task";
import { makeKeepsake } from "./make-keepsake";

// A keepsake's own process, an entry of its own in the server build (vite.config.ts, run-keepsake.server.ts): it makes
// one keepsake and exits, so that however long the book, its memory goes back to the system when it is done, and the
// server's event loop never lays out a page (issue 38).
const send = (message: KeepsakeMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, undefined, {}, () => resolve()) : resolve()));

/** Pages are told a few at a time: each message is a turn of the server's event loop. */
const PROGRESS_EVERY_MS = 250;

process.once("message", async (task: KeepsakeTask) => {
  let told = 0;
  try {
    const result = await makeKeepsake(task, (progress) => {
      if (Date.now() - told < PROGRESS_EVERY_MS) return;
      told = Date.now();
      void send({ type: "progress", ...progress });
    });
    await send({ type: "done", ...result });
  } catch (error) {
    await send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
  process.disconnect?.();
});
