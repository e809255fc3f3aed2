import { Worker } from "node:worker_threads";
import { createPrivateWriteStream } from "~db/private-files.server";
import { builtWorkerScript, refuseUnbuiltWorker } from "../../../platform/server-worker.server";
import type { PrintJob, PrintResult } from "./print-job";
import { renderBookPdf } from "./render-book";

/** The name the build gives the layout's worker script, beside the server bundle (vite.config.ts). */
const BOOK_PDF_WORKER_FILE = "book-pdf-worker.js";
/**
 * The layout holds one page at a time (render-book.ts), so a book of any length fits (a thousand chapters, 2,500 pages,
 * included); the bound keeps the thread's memory within the server's budget of 300 MB, and anything that went wrong
 * from taking more: the worker runs out first and that download fails alone. A small young generation, too: the
 * layout makes many short-lived objects, and a large nursery only raises the peak.
 */
const WORKER_HEAP_MB = 64;
const WORKER_NURSERY_MB = 4;
/** A layout that has not finished by then never will: its thread is ended, so that the books queued behind it go on. */
const WORKER_TIME_LIMIT_MS = 120_000;

/**
 * Writes a book's PDF to `file` in a worker thread of its own (ADR 0023, ADR 0029), ended when it is done: laying out
 * a few hundred pages takes seconds of CPU, which the server's event loop must not spend while others wait. Resolves
 * with the page count; rejects when the layout fails or the worker stops (out of memory included).
 */
export async function printBook(job: PrintJob, file: string): Promise<number> {
  const script = builtWorkerScript(BOOK_PDF_WORKER_FILE);
  if (!script) {
    refuseUnbuiltWorker(BOOK_PDF_WORKER_FILE);
    return renderBookPdf(job, createPrivateWriteStream(file));
  }
  const worker = new Worker(script, {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_NURSERY_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<number>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error("The book's layout took too long.")), WORKER_TIME_LIMIT_MS);
      worker.once("message", (result: PrintResult) =>
        result.ok ? resolve(result.pages) : reject(new Error(`The book's layout failed: ${result.message}`)),
      );
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The book's layout stopped (exit code ${code}).`)));
      worker.postMessage({ job, file });
    });
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}
