import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ensurePrivateDir, keepPrivate } from "~db/private-files.server";
import { AppError } from "~/lib/errors";
import { env } from "~/platform/env.server";
import { voiceMemoConverter } from "~/platform/voice-memo.server";
import { isFile as exists } from "~/models/print-copies.server";
import { printLinkFor } from "~/models/share.server";
import { bookFonts } from "~/routes/printed-book/layout/fonts";
import { PAGE_GEOMETRY } from "~/routes/printed-book/layout/page-geometry";
import { BLEED, type Paper } from "~/routes/printed-book/print-shop/spine";
import type { PrintSize } from "~/routes/printed-book/layout/print-job";
import { scanBook, writeBookSource, type ScannedBook } from "~/routes/printed-book/keepsake/book-source.server";
import { keepsakeJob, startKeepsakeJob, type KeepsakeJob } from "~/routes/printed-book/keepsake/keepsake-jobs.server";
import type {
  KeepsakeKind,
  KeepsakeProgress,
  KeepsakeResult,
  SoftPicture,
} from "~/routes/printed-book/keepsake/keepsake-task";
import { runKeepsake } from "~/routes/printed-book/keepsake/run-keepsake.server";

/**
 * Bumped whenever a keepsake's layout changes, so that those cached in the old one are made again: 2 printed a line
 * for each recording (issue 35); 3 reads the book from its source, one story at a time (issue 38).
 */
const KEEPSAKE_FORMAT = 3;
/** A keepsake that failed is not tried again for its content before this: a retry would cost the whole layout again. */
const FAILED_RETRY_MS = 15 * 60_000;

/** Characters of text on a page, per size, measured on long books: the estimate of a book's length before it is set. */
const CHARACTERS_PER_PAGE: Record<PrintSize, number> = { "6x9": 1750, a5: 1520, letter: 2370 };

export type KeepsakeFile = {
  file: string;
  size: number;
  etag: string;
  fileName: string;
  /** For the print shop's package, the pictures that will print soft. */
  softPictures: SoftPicture[];
};
export type KeepsakeState = ({ status: "ready" } & KeepsakeFile) | ({ status: "preparing" } & KeepsakeProgress);

/** Who asks for which keepsake of which book. Callers check that they may. */
export type KeepsakeRequest = {
  kind: KeepsakeKind;
  bookId: number;
  userId: number;
  size: PrintSize;
  /** The print shop's paper, and whether its back cover carries a code to the share page (when there is a link). */
  paper?: Paper;
  backCode?: boolean;
  /** Makes the address of the share link that voice codes open. */
  linkAddress: (token: string) => string;
  /** How long to wait for a job that may end soon (a small book's), before answering that it is being prepared. */
  waitMs?: number;
};

/**
 * A keepsake of a book (issue 38, ADR 0043): ready from the cache while what it is made from is unchanged (its hash is
 * the key), or being prepared, with how far it got. Asking starts the job; asking again joins it. A job running for
 * the same keepsake answers at once, without reading the book again.
 */
export async function keepsakeState(request: KeepsakeRequest): Promise<KeepsakeState> {
  const variant = keepsakeVariant(request);
  const target = `${request.kind}:${request.bookId}:${variant}`;
  const running = keepsakeJob(target);
  if (running && !(await settlesWithin(running, request.waitMs))) return preparing(running);
  const link = await printLinkFor(request.bookId);
  const shareUrl = link ? request.linkAddress(link.token) : null;
  const scanned = await scanBook(request.bookId, [KEEPSAKE_FORMAT, request.kind, variant, shareUrl]);
  if (!scanned) throw new AppError(404, "books.notFound");
  if (scanned.counts.stories === 0) throw new AppError(400, "printedBook.noStories");
  const file = path.join(
    cacheDir(request.bookId),
    `${request.kind}-${variant}-${scanned.hash}.${EXTENSION[request.kind]}`,
  );
  if (await exists(file)) return ready(file, scanned, request);
  if (await failedRecently(file)) throw new AppError(503, FAILED[request.kind]);
  const estimate = estimatePages(scanned, request.size);
  const job = startKeepsakeJob({
    target,
    userId: request.userId,
    estimate,
    // The e-book counts stories: it has no pages.
    progress:
      request.kind === "epub"
        ? { page: 0, pages: scanned.counts.stories, counted: true }
        : { page: 0, pages: estimate, counted: false },
    work: (job) => makeFile(job, request, scanned, shareUrl, file),
  });
  if ((await settlesWithin(job, request.waitMs)) && (await exists(file))) return ready(file, scanned, request);
  if (!keepsakeJob(target) && (await failedRecently(file))) throw new AppError(503, FAILED[request.kind]);
  return preparing(job);
}

const EXTENSION: Record<KeepsakeKind, string> = { pdf: "pdf", print: "zip", epub: "epub" };
const FAILED = { pdf: "printedBook.failed", print: "printedBook.failed", epub: "ebook.failed" } as const;

/** What sets a keepsake apart besides its book: its size, and for the print shop its paper and back cover. */
function keepsakeVariant({ kind, size, paper = "cream", backCode = false }: KeepsakeRequest): string {
  if (kind === "epub") return "ebook";
  return kind === "print" ? `${size}-${paper}${backCode ? "-code" : ""}` : size;
}

async function ready(file: string, scanned: ScannedBook, request: KeepsakeRequest): Promise<KeepsakeState> {
  const stat = await fs.stat(file);
  const { title } = scanned.book;
  const fileName = {
    pdf: `${title}.pdf`,
    print: `${title} (${request.size}).zip`,
    epub: `${title}.epub`,
  }[request.kind];
  const facts = JSON.parse(await fs.readFile(factsFile(file), "utf8").catch(() => "{}")) as Partial<KeepsakeResult>;
  const softPictures = facts.softPictures ?? [];
  return { status: "ready", file, size: stat.size, etag: `"${scanned.hash}"`, fileName, softPictures };
}

/** Beside a keepsake, what its making found out (its pages, its soft pictures), written before the keepsake itself. */
const factsFile = (file: string) => `${file}.json`;

function preparing(job: KeepsakeJob): KeepsakeState {
  return { status: "preparing", ...job.progress };
}

/** Whether the job ends within `ms`. */
async function settlesWithin(job: KeepsakeJob, ms = 0): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([job.done.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The book's length before it is set: its text by the page's measure, and a page or so for each photo and chapter. */
function estimatePages(scanned: ScannedBook, size: PrintSize): number {
  const { characters, photos, stories, chapters } = scanned.counts;
  return Math.ceil(characters / CHARACTERS_PER_PAGE[size] + photos * 0.5 + stories * 0.2 + chapters * 1.5 + 6);
}

function cacheDir(bookId: number): string {
  return path.join(env().dataDir, "cache", "printed-books", String(bookId));
}

/** Removes a deleted book's keepsakes: they hold its stories, which must not outlive it on disk. */
export async function forgetPrintedBook(bookId: number): Promise<void> {
  await fs.rm(cacheDir(bookId), { recursive: true, force: true });
}

/** A marker beside where the keepsake would be: it failed for this content, this long ago. */
const failedMarker = (file: string) => `${file}.failed`;

async function failedRecently(file: string): Promise<boolean> {
  const stat = await fs.stat(failedMarker(file)).catch(() => null);
  return stat !== null && Date.now() - stat.mtimeMs < FAILED_RETRY_MS;
}

/**
 * The job's work: the book's source written into a folder of the job's own, the keepsake made from it in its own
 * process, then moved into the cache whole, in place of the book's earlier one of the same kind and size.
 */
async function makeFile(
  job: KeepsakeJob,
  request: KeepsakeRequest,
  scanned: ScannedBook,
  shareUrl: string | null,
  file: string,
): Promise<void> {
  const dir = path.dirname(file);
  await ensurePrivateDir(dir);
  const work = path.join(dir, `job-${crypto.randomBytes(6).toString("hex")}`);
  await ensurePrivateDir(work);
  try {
    const page = PAGE_GEOMETRY[request.size];
    // The cover's picture at 300 dpi of what it covers: the page, or for a print shop the front with its bleed.
    const covered =
      request.kind === "print"
        ? { width: page.width + BLEED, height: page.height + 2 * BLEED }
        : { width: page.width, height: page.height };
    const source = await writeBookSource(scanned, work, {
      shareUrl,
      coverBox: { width: Math.round((covered.width / 72) * 300), height: Math.round((covered.height / 72) * 300) },
      // The e-book carries the recordings; its process converts those it has not converted before.
      recordings: request.kind === "epub",
    });
    const partial = path.join(work, "keepsake.part");
    const task = {
      kind: request.kind,
      source,
      out: partial,
      workDir: work,
      size: request.size,
      fonts: bookFonts(),
      paper: request.paper ?? "cream",
      backCode: Boolean(request.backCode && shareUrl),
      audioDir: path.join(cacheDir(request.bookId), "audio"),
      ffmpeg: request.kind === "epub" ? await voiceMemoConverter() : null,
    };
    // A minute, and more for a longer book: a layout past that is stuck, and its slot goes to the books queued.
    const result = await runKeepsake(task, (progress) => (job.progress = progress), 60_000 + job.estimate * 60);
    await keepPrivate(partial);
    await fs.writeFile(factsFile(file), JSON.stringify(result), { mode: 0o600 });
    await fs.rename(partial, file);
    await removeOlder(dir, `${request.kind}-${keepsakeVariant(request)}`, file);
  } catch (error) {
    console.error("Making a keepsake failed", error);
    await fs.writeFile(failedMarker(file), "").catch(() => undefined);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * The book's earlier keepsakes of this kind and variant, with what was noted beside them: a cache keeps the current
 * one only. The hash is matched whole, so that "print-6x9-cream-" does not take "print-6x9-cream-code-…" with it.
 */
async function removeOlder(dir: string, variant: string, keep: string): Promise<void> {
  // A variant is letters, digits and dashes: nothing in it means anything to a pattern.
  const earlier = new RegExp(`^${variant}-[0-9a-f]{32}\\.`);
  const kept = path.basename(keep);
  const names = await fs.readdir(dir);
  await Promise.all(
    names
      .filter((name) => earlier.test(name) && !name.startsWith(kept))
      .map((name) => fs.rm(path.join(dir, name), { force: true })),
  );
}
