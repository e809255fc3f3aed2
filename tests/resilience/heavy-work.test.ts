import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKED_WARNING, EVENT_LOOP_BUDGET_MS, workOf } from "~/platform/event-loop-watch.server";
import { IMPORT_BOUNDS } from "~/lib/keepsake-format";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";
import { largeBook } from "../support/large-book";
import { largestImport } from "../support/largest-import";
import type { RunningServer } from "../support/server";

// One user's heavy request must not hold up everyone else (issue 16, ADR 0023): while the largest import
// the bounds allow runs, or five exports of a large book, /healthz keeps answering and the server's own
// work never holds its event loop for more than 200 ms at a stretch.
//
// How "200 ms" is checked without a timing that a loaded machine could break: the server measures it
// itself (app/platform/event-loop-watch.server.ts) and logs every stretch over 200 ms with the CPU time its
// main thread spent in it, which other processes on the machine cannot stretch. This test reads that
// log: no stretch may hold 200 ms of the server's own work. The clock-time answers of /healthz are printed
// beside it for whoever reads the run; on a quiet machine they are the same figure (`npm run bench`).

let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

/** Asks /healthz every 25 ms until `work` settles; every answer must be 200. Returns the answers' clock times. */
async function healthzDuring<T>(work: Promise<T>): Promise<{ result: T; times: number[] }> {
  const visitor = createClient(server.url);
  let settled = false;
  const done = work.finally(() => (settled = true));
  const times: number[] = [];
  while (!settled) {
    const start = performance.now();
    const response = await visitor.get("/healthz");
    expect(response.status).toBe(200);
    await response.text();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { result: await done, times };
}

/**
 * The server's event-loop warnings logged since `from` (an index into its output) that name more than the budget of its
 * own work.
 */
function heavyStretchesSince(from: number): string[] {
  const warnings = server
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.includes(BLOCKED_WARNING));
  if (warnings.length) console.log(`the server's event-loop warnings:\n${warnings.join("\n")}`);
  return warnings.filter((line) => (workOf(line) ?? Infinity) > EVENT_LOOP_BUDGET_MS);
}

// Making a 20 MB book through the API, or a 4 MB import, takes a while on a loaded two-core machine: the
// bound is for a hang, not a speed (nothing here is timed).
const SETUP_AND_RUN = 600_000;

const summary = (times: number[]) =>
  `${times.length} answers, slowest ${Math.round(Math.max(...times))} ms on the clock`;

describe("heavy work does not hold up other requests", () => {
  it.each([
    ["an all-books zip", IMPORT_BOUNDS.books],
    ["one book's zip (one book.json to parse)", 1],
  ])(
    "the largest import the bounds allow, %s: /healthz answers throughout, and no stretch holds 200 ms of work",
    async (_name, books) => {
      const { zip, counts } = largestImport({ books });
      expect(counts).toEqual({ ...IMPORT_BOUNDS, books, jsonBytes: counts.jsonBytes });
      expect(counts.jsonBytes).toBeLessThanOrEqual(IMPORT_BOUNDS.jsonBytes);
      const from = server.output().length;
      const form = new FormData();
      form.append("file", new File([new Uint8Array(zip)], "keepsake.zip", { type: "application/zip" }));
      const { result, times } = await healthzDuring(lan.request("/api/import", { method: "POST", body: form }));
      expect(result.status, await result.clone().text()).toBe(201);
      expect(((await result.json()) as { bookIds: number[] }).bookIds).toHaveLength(books);
      console.log(`largest import (${JSON.stringify(counts)}): /healthz ${summary(times)}`);
      expect(heavyStretchesSince(from)).toEqual([]);
    },
    SETUP_AND_RUN,
  );

  it(
    "five exports of a large book at once: /healthz answers throughout, and no stretch holds 200 ms of work",
    async () => {
      // 100 stories of 200,000 characters (about 20 MB of text) and a topic draft as long as one may be.
      const { bookId } = await largeBook(lan, { stories: 100, chars: 200_000 });
      const from = server.output().length;
      const download = async () => {
        const response = await lan.get(`/api/books/${bookId}/export`);
        expect(response.status).toBe(200);
        return (await response.arrayBuffer()).byteLength;
      };
      const { result: sizes, times } = await healthzDuring(Promise.all(Array.from({ length: 5 }, download)));
      console.log(`five exports of ${Math.round(sizes[0]! / 1024)} KB each: /healthz ${summary(times)}`);
      expect(heavyStretchesSince(from)).toEqual([]);
    },
    SETUP_AND_RUN,
  );
});
