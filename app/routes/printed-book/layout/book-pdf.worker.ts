import { parentPort } from "node:worker_threads";
import { createPrivateWriteStream } from "~db/private-files.server";
import type { PrintJob, PrintResult } from "./print-job";
import { renderBookPdf } from "./render-book";

// The worker thread of print-book.server.ts, an entry of its own in the server build (vite.config.ts): it lays out
// one book and writes its PDF to the file it is given, so the server's event loop never does (issue 19).
parentPort?.once("message", async ({ job, file }: { job: PrintJob; file: string }) => {
  let result: PrintResult;
  try {
    result = { ok: true, pages: await renderBookPdf(job, createPrivateWriteStream(file)) };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(result);
});
