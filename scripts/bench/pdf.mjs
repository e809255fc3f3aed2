// The printed book (issues 19 and 38): GET /api/books/{id}/book.pdf against the real production server on its own data
// directory, in three parts, one after the other on the same server: a book of 100 stories (issue 19's), a Vietnamese
// book of 1,000 stories and 10 million characters with 200 photos, and three such books asked for at the same moment
// with a one-story book asked for just after them. Each part measures each book's time from the first request to
// the PDF's last byte (asking again while it answers 202, as the download dialog does), the peak resident memory of
// the server and its keepsake processes (each book is laid out in a process of its own), /healthz's latency
// meanwhile (another user must not wait), and the server's memory once the processes have exited. Part of
// `npm run bench`; alone: `node scripts/bench/pdf.mjs`.
import fs from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loginAsAdmin } from "./fixtures.mjs";
import { downloadBook, progressFigures } from "./pdf-download.mjs";
import { measurePart } from "./pdf-part.mjs";
import { LONG_BOOK, mediaPool, ONE_STORY_BOOK, SMALL_BOOK, seedBook, seedMedia } from "./pdf-seed.mjs";
import { cleanupAll, startHeirloom, tempDir } from "./processes.mjs";

const ADMIN_PASSWORD = "bench-admin-password-3";

export const PDF_BENCH_SHAPE = SMALL_BOOK;
export const PDF_LONG_SHAPE = LONG_BOOK;
export const PDF_BUDGETS = {
  /** Issue 19's, for the 100-story book: ready within 10 s, 300 MB at the peak, /healthz never over 200 ms. */
  coldMs: 10_000,
  peakRssMb: 300,
  healthzMs: 200,
  /** Issue 38's, for every part: /healthz's p99 under 200 ms, the server back within 100 MB of where it was. */
  healthzP99Ms: 200,
  rssAfterMb: 100,
  /** Issue 38's: a one-story book never waits behind large ones. */
  smallBesideLongMs: 10_000,
  /** The measured peaks of the server and its keepsake processes (docs/bench.md), with headroom. */
  longPeakRssMb: 450,
  togetherPeakRssMb: 650,
};

/** The server finds the seeded files where it keeps its own: a photo and a recording answer 200 with their bytes. */
async function checkMedia(origin, cookie, [photoId, ...rest]) {
  for (const id of [photoId, rest.at(-1)]) {
    const response = await fetch(new URL(`/api/media/render/id:${id}`, origin), { headers: { Cookie: cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || bytes === 0) throw new Error(`seeded media ${id} answered ${response.status}`);
  }
}

/** A link that never expires: every recorded story gets its voice code, as a family's book would. */
async function shareBook(origin, cookie, bookId) {
  const share = await fetch(new URL(`/api/books/${bookId}/shares`, origin), {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
    body: "{}",
  });
  if (share.status !== 201) throw new Error(`making the share link of book ${bookId} answered ${share.status}`);
}

/** The six books, seeded while the server runs (it reads SQLite on each request). */
async function seedBooks(dataDir, origin, cookie, { olderPhotos }) {
  const pool = await mediaPool(dataDir);
  const book = (shape, seed, title, options) => {
    const seeded = seedBook(dataDir, shape, { seed, title });
    return { ...seeded, mediaIds: seedMedia(dataDir, pool, seeded.storyIds, shape, options) };
  };
  const small = book(SMALL_BOOK, 19, "Chuyện đời bà", { olderPhotos });
  const long = book(LONG_BOOK, 38, "Một đời người, quyển một");
  const together = [39, 40, 41].map((seed, i) => book(LONG_BOOK, seed, `Một đời người, quyển ${i + 2}`));
  const one = book(ONE_STORY_BOOK, 42, "Một chuyện");
  for (const { bookId } of [small, long, ...together, one]) await shareBook(origin, cookie, bookId);
  await checkMedia(origin, cookie, small.mediaIds);
  await checkMedia(origin, cookie, long.mediaIds);
  return { small, long, together, one };
}

const seconds = (ms) => (ms === null || ms === undefined ? "n/a" : `${(ms / 1000).toFixed(1)} s`);
const mb = (value) => (value === null || value === undefined ? "n/a" : `${Math.round(value)} MB`);

/** What a download's problems are, for the part's validity. */
function downloadProblems(name, download) {
  const progress = progressFigures(download);
  return [
    download.status !== 200 && `${name} answered ${download.status}`,
    download.status === 200 && !download.isPdf && `${name} is not a PDF`,
    ...download.problems.map((problem) => `${name}: ${problem}`),
    !progress.nearEnd && `${name}'s progress ended at page ${progress.lastPage} of ${progress.pages}`,
    progress.countedRight === false &&
      `${name}'s progress counted ${progress.pages} pages, the PDF has ${download.pdfPages}`,
  ].filter(Boolean);
}

const describe = (download) => {
  const progress = progressFigures(download);
  const told = progress.polls
    ? `, ${progress.polls}× 202: estimate ${progress.estimate}, last page ${progress.lastPage} of ${progress.pages}`
    : "";
  const size = mb(download.bytes / 1e6);
  return `${seconds(download.ms)} (${download.status}, ${download.pdfPages ?? "?"} pages, ${size}${told})`;
};

const partLine = ({ memory, healthz }) =>
  `peak RSS ${mb(memory.treePeakMb)} with its keepsake processes (${mb(memory.treeRssSumPeakMb)} as a sum of ` +
  `VmRSS; the server's ${mb(memory.serverPeakMb)}, each process's at most ${mb(childPeak(memory))}); ` +
  `server RSS ${mb(memory.serverBeforeMb)} before, ${mb(memory.serverAfterMb)} after; ` +
  `/healthz p99 ${ms(healthz.p99Ms)} (max ${ms(healthz.maxMs)}) over ${healthz.samples}`;

/**
 * Starts Heirloom on a fresh data directory, seeds the books, then measures the three parts. `olderPhotos`: the
 * 100-story book's photos have no print copies yet, as those kept before print copies existed; its first printing
 * makes them. The server is not pinned to a core: a keepsake's process inherits its CPU affinity, and a server on one
 * core counts one (os.availableParallelism) and lays out one book at a time, on the core its requests need.
 */
export async function benchPdf({ log = console.log, olderPhotos = false } = {}) {
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-pdf-");
  log("pdf: starting Heirloom on a fresh data directory (not pinned: its keepsake processes use the other core)");
  const server = await startHeirloom({
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    cpus: { pinned: false },
    label: "Heirloom server (pdf bench)",
  });
  try {
    const started = Date.now();
    const cookie = await loginAsAdmin(server.url, ADMIN_PASSWORD);
    const books = await seedBooks(dataDir, server.url, cookie, { olderPhotos });
    log(
      `pdf: seeded a book of ${SMALL_BOOK.stories} stories, four of ${LONG_BOOK.stories} ` +
        `(${(books.long.characters / 1e6).toFixed(1)} million characters, ${LONG_BOOK.photos} photos, ` +
        `${LONG_BOOK.recordings} recordings each) and one of one story in ${Date.now() - started} ms`,
    );
    const headers = { Cookie: cookie };
    const url = ({ bookId }) => new URL(`/api/books/${bookId}/book.pdf?size=6x9`, server.url).href;
    // /healthz's own first answer (its route module loaded on demand) is not what another user meets later.
    for (let i = 0; i < 3; i++) await (await fetch(new URL("/healthz", server.url))).arrayBuffer();

    const small = await measurePart(server, "the 100-story book", () => downloadBook(url(books.small), headers));
    small.cached = await downloadBook(url(books.small), headers);
    log(`pdf: 100 stories: ${describe(small.result)}; cached ${seconds(small.cached.ms)}; ${partLine(small)}`);

    const long = await measurePart(server, "the 1,000-story book", () => downloadBook(url(books.long), headers));
    long.cached = await downloadBook(url(books.long), headers);
    log(`pdf: 1,000 stories: ${describe(long.result)}; cached ${seconds(long.cached.ms)}; ${partLine(long)}`);

    const together = await measurePart(server, "three books at once", async () => {
      const large = books.together.map((book) => downloadBook(url(book), headers));
      // Just after them: the three are being read when the small one comes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const one = await downloadBook(url(books.one), headers);
      return { large: await Promise.all(large), one };
    });
    log(
      `pdf: three at once: ${together.result.large.map(describe).join("; ")}; the one-story book beside them ` +
        `${describe(together.result.one)}; ${partLine(together)}`,
    );

    const problems = [
      ...downloadProblems("the 100-story book", small.result),
      ...downloadProblems("its second download", small.cached),
      small.cached.etag !== small.result.etag && "the second download has another ETag",
      ...downloadProblems("the 1,000-story book", long.result),
      ...together.result.large.flatMap((download, i) => downloadProblems(`long book ${i + 1} of 3`, download)),
      ...downloadProblems("the one-story book", together.result.one),
      ...[small, long, together].flatMap((part) =>
        part.healthz.failures ? [`${part.healthz.failures} /healthz requests failed during ${part.label}`] : [],
      ),
    ].filter(Boolean);
    const result = {
      shape: SMALL_BOOK,
      longShape: LONG_BOOK,
      small,
      long,
      together,
      problems,
      valid: !problems.length,
    };
    if (problems.length) log(`pdf: INVALID: ${problems.join("; ")}`);
    return result;
  } catch (error) {
    throw new Error(`${error.message}\nThe server's last output:\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
  }
}

/** Budgets for report.mjs: a download that was not a PDF, or a progress that went wrong, counts as INVALID. */
export function pdfBudgets(pdf) {
  const { small, long, together, valid } = pdf;
  const orNone = (value) => value ?? Number.POSITIVE_INFINITY;
  const increase = (part) => part.memory.serverAfterMb - part.memory.serverBeforeMb;
  const b = PDF_BUDGETS;
  const budget = (id, metric, value, max, unit, source) => ({ id, metric, value, max, unit, source });
  return [
    budget("pdf.cold", "100 stories, ready", small.result.ms, b.coldMs, "ms", "issue 19"),
    budget("pdf.rss", "100 stories, peak RSS", small.memory.treePeakMb, b.peakRssMb, "MB", "issue 19"),
    budget("pdf.healthz.max", "100 stories, /healthz max", orNone(small.healthz.maxMs), b.healthzMs, "ms", "issue 19"),
    budget(
      "pdf.healthz.p99",
      "100 stories, /healthz p99",
      orNone(small.healthz.p99Ms),
      b.healthzP99Ms,
      "ms",
      "issue 38",
    ),
    budget("pdf.after", "100 stories, server RSS after", increase(small), b.rssAfterMb, "MB", "issue 38"),
    budget("pdf.long.rss", "1,000 stories, peak RSS", long.memory.treePeakMb, b.longPeakRssMb, "MB", "measured"),
    budget(
      "pdf.long.healthz.p99",
      "1,000 stories, /healthz p99",
      orNone(long.healthz.p99Ms),
      b.healthzP99Ms,
      "ms",
      "issue 38",
    ),
    budget("pdf.long.after", "1,000 stories, server RSS after", increase(long), b.rssAfterMb, "MB", "issue 38"),
    budget("pdf.together.one", "one story beside three", together.result.one.ms, b.smallBesideLongMs, "ms", "issue 38"),
    budget(
      "pdf.together.rss",
      "three at once, peak RSS",
      together.memory.treePeakMb,
      b.togetherPeakRssMb,
      "MB",
      "measured",
    ),
    budget(
      "pdf.together.healthz.p99",
      "three at once, /healthz p99",
      orNone(together.healthz.p99Ms),
      b.healthzP99Ms,
      "ms",
      "issue 38",
    ),
    budget("pdf.together.after", "three at once, server RSS after", increase(together), b.rssAfterMb, "MB", "issue 38"),
  ].map((each) => ({ ...each, page: "book.pdf", valid }));
}

/** The rows every part has: memory and /healthz, with the part's budget ids under `prefix`. */
function memoryRows(part, prefix) {
  const { memory, healthz } = part;
  const sign = memory.serverAfterMb >= memory.serverBeforeMb ? "+" : "−";
  const change = Math.abs(memory.serverAfterMb - memory.serverBeforeMb);
  return [
    ["  peak RSS, the server and its keepsake processes", mb(memory.treePeakMb), `${prefix}.rss`],
    ["  the sum of their VmRSS, shared code counted in each", mb(memory.treeRssSumPeakMb)],
    ["  the server's own peak; a keepsake process's", `${mb(memory.serverPeakMb)}; ${mb(childPeak(memory))}`],
    [
      "  server RSS after, over before",
      `${sign}${mb(change)} (${mb(memory.serverBeforeMb)} → ${mb(memory.serverAfterMb)})`,
      `${prefix}.after`,
    ],
    [`  /healthz meanwhile, p99 of ${healthz.samples}`, ms(healthz.p99Ms), `${prefix}.healthz.p99`],
    ["  /healthz meanwhile, max", ms(healthz.maxMs), `${prefix}.healthz.max`],
  ];
}

const childPeak = (memory) => (memory.childPeaksMb.length ? Math.max(...memory.childPeaksMb) : null);
const ms = (value) => (value === null || value === undefined ? "n/a" : `${Math.round(value)} ms`);

/** The report's rows (report.mjs): [metric, figure, budget id or undefined]. */
export function pdfRows(pdf) {
  const { small, long, together } = pdf;
  const invalid = pdf.valid ? "" : " (!)";
  const { stories, photos, recordings } = pdf.shape;
  const longShape = pdf.longShape;
  const pages = (download) => (download.pdfPages ? `, ${download.pdfPages.toLocaleString("en")} pages` : "");
  return [
    [
      `${stories} stories, ${photos} photos, ${recordings} recordings: ready${pages(small.result)}${invalid}`,
      ms(small.result.ms),
      "pdf.cold",
    ],
    ...memoryRows(small, "pdf"),
    ["  second download, from the cache", ms(small.cached.ms)],
    [
      `${longShape.stories.toLocaleString("en")} stories of Vietnamese, ${longShape.photos} photos, ` +
        `${longShape.recordings} recordings: ready${pages(long.result)}`,
      seconds(long.result.ms),
    ],
    ["  its progress: first estimate, last page seen of the count", progressText(long.result)],
    ...memoryRows(long, "pdf.long"),
    ["  second download, from the cache", ms(long.cached.ms)],
    ["three of those at once: each ready", together.result.large.map((d) => seconds(d.ms)).join(", ")],
    ["  a one-story book asked for just after them", ms(together.result.one.ms), "pdf.together.one"],
    ...memoryRows(together, "pdf.together"),
  ];
}

function progressText(download) {
  const progress = progressFigures(download);
  if (!progress.polls) return "none (no 202)";
  return `~${progress.estimate}; ${progress.lastPage} of ${progress.pages}`;
}

// Run alone: node scripts/bench/pdf.mjs [--older-photos] [--json results.json]
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.on("exit", cleanupAll);
  try {
    const { values } = parseArgs({ options: { "older-photos": { type: "boolean" }, json: { type: "string" } } });
    const pdf = await benchPdf({ olderPhotos: values["older-photos"] });
    if (values.json) fs.writeFileSync(values.json, JSON.stringify(pdf, null, 2));
    const budgets = pdfBudgets(pdf);
    for (const [metric, figure, id] of pdfRows(pdf)) {
      const budget = budgets.find((each) => each.id === id);
      const within = budget && budget.value <= budget.max;
      const status = !budget ? "" : !budget.valid ? "INVALID" : within ? "ok" : "OVER BUDGET";
      console.log(
        `${metric}: ${figure}${budget ? ` (≤ ${budget.max} ${budget.unit}, ${budget.source}: ${status})` : ""}`,
      );
    }
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(`pdf bench failed: ${error.stack ?? error}`);
    cleanupAll();
    process.exit(1);
  }
}
