import { fork } from "node:child_process";
import { builtWorkerScript, refuseUnbuiltWorker } from "~/platform/server-worker.server";
import type { KeepsakeMessage, KeepsakeProgress, KeepsakeResult, KeepsakeTask } from "./keepsake-task";
import { makeKeepsake } from "./make-keepsake";

/** The name the build gives the keepsakes' process script, beside the server bundle (vite.config.ts). */
const KEEPSAKE_PROCESS_FILE = "keepsake-process.js";
/**
 * The process's heap: it holds one page and one story at a time (ADR 0043), so this bounds anything gone wrong, not
 * the book; with its code and buffers the process stays under 250 MB of RSS, and two fit beside the server.
 */
const PROCESS_HEAP_MB = 128;

/**
 * Makes a keepsake in a process of its own (ADR 0043), which exits when it is done: its memory goes back to the
 * system whatever the book's length, and a crash ends that keepsake alone. Rejects when it fails, runs out of memory,
 * or takes longer than `timeLimitMs` (then it is killed).
 */
export async function runKeepsake(
  task: KeepsakeTask,
  progress: (progress: KeepsakeProgress) => void,
  timeLimitMs: number,
): Promise<KeepsakeResult> {
  const script = builtWorkerScript(KEEPSAKE_PROCESS_FILE);
  if (!script) {
    refuseUnbuiltWorker(KEEPSAKE_PROCESS_FILE);
    return makeKeepsake(task, progress);
  }
  const child = fork(script, [], {
    execArgv: [`--max-old-space-size=${PROCESS_HEAP_MB}`, "--max-semi-space-size=2"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "json",
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await new Promise<KeepsakeResult>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error("The keepsake took too long.")), timeLimitMs);
      child.on("message", (message: KeepsakeMessage) => {
        if (message.type === "progress") progress(message);
        else if (message.type === "done") resolve({ pages: message.pages, softPictures: message.softPictures });
        else reject(new Error(`The keepsake failed: ${message.message}`));
      });
      child.once("error", reject);
      child.once("exit", (code, signal) => reject(new Error(`The keepsake's process stopped (${signal ?? code}).`)));
      child.send(task);
    });
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}
