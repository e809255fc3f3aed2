import { Worker } from "node:worker_threads";
import { parseKeepsake, type ParsedKeepsake } from "../lib/keepsake-parse";
import { builtWorkerScript, refuseUnbuiltWorker } from "./server-worker.server";

/** The name the build gives the parser's worker script, beside the server bundle (vite.config.ts). */
const KEEPSAKE_WORKER_FILE = "keepsake-parse-worker.js";
/** A document within IMPORT_BOUNDS needs far less; a hostile one is stopped here rather than by the server's memory. */
const WORKER_HEAP_MB = 256;

export type KeepsakeParser = {
  /** One document at a time: its bytes, parsed and checked (keepsake-parse.ts). */
  parse: (bytes: Uint8Array, expected: "book" | "library") => Promise<ParsedKeepsake>;
  close: () => void;
};

/**
 * A parser for one import (ADR 0023): a worker thread of its own, ended by `close`, so that parsing and
 * checking a large book.json (hundreds of milliseconds of work) never holds up other requests, and the
 * memory a hostile file makes it use goes away with the thread. A worker that runs out of memory rejects
 * with `ERR_WORKER_OUT_OF_MEMORY`.
 */
export function openKeepsakeParser(): KeepsakeParser {
  const file = builtWorkerScript(KEEPSAKE_WORKER_FILE);
  if (!file) {
    refuseUnbuiltWorker(KEEPSAKE_WORKER_FILE);
    return { parse: async (bytes, expected) => parseKeepsake(bytes, expected), close: () => {} };
  }
  let worker: Worker | null = null;
  let pending: { resolve: (result: ParsedKeepsake) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    pending?.reject(failure);
    pending = null;
  };
  // Started with the first document: a zip refused before any is read costs no thread.
  const start = () => {
    const started = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    started.on("message", (result: ParsedKeepsake) => {
      pending?.resolve(result);
      pending = null;
    });
    started.on("error", fail);
    started.on("exit", (code) => fail(new Error(`The keepsake parser stopped (exit code ${code}).`)));
    return started;
  };
  return {
    parse(bytes, expected) {
      if (failure) return Promise.reject(failure);
      if (pending) return Promise.reject(new Error("The keepsake parser takes one document at a time."));
      worker ??= start();
      const thread = worker;
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        thread.postMessage({ bytes, expected });
      });
    },
    close: () => void worker?.terminate(),
  };
}
