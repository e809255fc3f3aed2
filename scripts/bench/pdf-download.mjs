// Downloading a printed book as the download dialog does (issue 38): GET book.pdf answers 202 with `Retry-After` and
// `{status: "preparing", page, pages}` while the book is being prepared, and the PDF once it is ready.

/** A 202 is asked again after its Retry-After, but at least this often, so that the time is measured to ±0.5 s. */
const POLL_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page count pdfkit writes in the page tree's root (`/Type /Pages /Count n`), near the file's end. */
function pdfPageCount(bytes) {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .subarray(Math.max(0, bytes.byteLength - 2_000_000))
    .toString("latin1");
  const counts = [...tail.matchAll(/\/Type \/Pages\s*\/Count (\d+)/g)].map((match) => Number(match[1]));
  return counts.length ? Math.max(...counts) : null;
}

/**
 * One download, timed from the first request to the PDF's last byte, asking again while it answers 202. Gives how
 * many requests it took, each 202's progress, and what in them is wrong (a page that goes back, no Retry-After).
 */
export async function downloadBook(url, headers, { timeoutMs = 300_000 } = {}) {
  const started = performance.now();
  const progress = [];
  const problems = [];
  let requests = 0;
  for (;;) {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    requests++;
    if (response.status !== 202) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const ms = performance.now() - started;
      const isPdf = new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-";
      return {
        ms,
        status: response.status,
        contentType: response.headers.get("content-type"),
        etag: response.headers.get("etag"),
        bytes: bytes.byteLength,
        isPdf,
        pdfPages: isPdf ? pdfPageCount(bytes) : null,
        requests,
        progress,
        problems,
      };
    }
    const body = await response.json();
    const atMs = performance.now() - started;
    const previous = progress.at(-1);
    progress.push({ atMs, page: body.page, pages: body.pages });
    if (body.status !== "preparing") problems.push(`a 202 said ${JSON.stringify(body.status)}`);
    if (previous && body.page < previous.page) problems.push(`page went back from ${previous.page} to ${body.page}`);
    if (body.page > body.pages) problems.push(`page ${body.page} of ${body.pages}`);
    const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
    if (!Number.isFinite(retryAfter)) problems.push("a 202 without Retry-After");
    if (atMs > timeoutMs) throw new Error(`still preparing after ${Math.round(atMs / 1000)} s (page ${body.page})`);
    await sleep(Math.min(POLL_MS, Number.isFinite(retryAfter) ? retryAfter * 1000 : POLL_MS));
  }
}

/**
 * What the progress told: the estimate first given, the last page and page count seen before the PDF, and whether it
 * ended near the end. "Near": the last page seen is within what the layout sets in 3 s (a poll waits 1.5 s on the
 * server and 0.5 s here) at its own pace, or within 10 % of the pages. A book ready after fewer than two counted pages
 * seen gives no pace to judge by: a short one is ready between two polls, wherever the last one found it.
 */
export function progressFigures(download) {
  const { progress, pdfPages } = download;
  if (!progress.length) return { polls: 0, estimate: null, lastPage: null, pages: null, nearEnd: true };
  const first = progress[0];
  const last = progress.at(-1);
  const counting = progress.find((p) => p.page > 0);
  const pagesPerMs =
    counting && last.atMs > counting.atMs ? (last.page - counting.page) / (last.atMs - counting.atMs) : 0;
  const slack = Math.max(pagesPerMs * 3000, 0.1 * last.pages);
  const total = pdfPages ?? last.pages;
  return {
    polls: progress.length,
    estimate: first.pages,
    lastPage: last.page,
    pages: last.pages,
    nearEnd: progress.filter((p) => p.page > 0).length < 2 || total - last.page <= slack,
    /** Once counted, `pages` is the book's: the PDF has as many. */
    countedRight: last.page > 0 && pdfPages !== null ? last.pages === pdfPages : null,
  };
}
