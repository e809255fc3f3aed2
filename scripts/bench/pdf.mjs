// The keepsake book (issue 19): GET /api/books/{id}/book.pdf of a book of 100 completed stories, 50 photos and 20
// recordings, against the real production server on its own data directory. It measures the cold generation (first
// request to last byte), the server process's peak resident memory meanwhile (VmRSS every 50 ms, and VmHWM reset just
// before, which catches a peak between two samples), /healthz's latency while the book is made (another user must
// not wait), and the second download, which the cache answers. Part of `npm run bench`; alone:
// `node scripts/bench/pdf.mjs`.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import sharp from "sharp";
import { loginAsAdmin, mulberry32, paragraphs, words } from "./fixtures.mjs";
import { cleanupAll, cpuPlan, readMemory, startHeirloom, tempDir } from "./processes.mjs";
import { percentile, sampleDuring } from "./sampling.mjs";

const ADMIN_PASSWORD = "bench-admin-password-3";

export const PDF_BENCH_SHAPE = { topics: 10, stories: 100, photos: 50, recordings: 20 };
/** Issue 19's budgets. */
export const PDF_BUDGETS = { coldMs: 10_000, peakRssMb: 300, healthzMs: 200 };

/** The book's text, written straight into the SQLite file: topics and completed stories of a few paragraphs. */
function seedBook(dataDir, shape) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.pragma("foreign_keys = ON");
    const rng = mulberry32(19);
    const user = db.prepare("SELECT id FROM users WHERE username = 'admin'").get();
    const now = Date.now();
    const bookId = db
      .prepare(
        "INSERT INTO books (user_id, title, description, language, tone, created_at, updated_at) " +
          "VALUES (?, ?, ?, 'vi', '', ?, ?)",
      )
      .run(user.id, "Chuyện đời bà", words(rng, 20), now, now).lastInsertRowid;
    const insertTopic = db.prepare(
      "INSERT INTO topics (book_id, title, description, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const insertStory = db.prepare(
      "INSERT INTO stories (topic_id, book_id, title, content, status, position, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, 'published', ?, ?, ?)",
    );
    const storyIds = [];
    db.transaction(() => {
      const perTopic = Math.ceil(shape.stories / shape.topics);
      for (let t = 0; t < shape.topics; t++) {
        const topicId = insertTopic.run(
          bookId,
          `Chương ${t + 1}: ${words(rng, 3)}`,
          words(rng, 12),
          t,
          now,
          now,
        ).lastInsertRowid;
        for (let s = 0; s < perTopic && storyIds.length < shape.stories; s++) {
          // Vietnamese letters in every story, so that the font's full coverage is what gets embedded.
          const content = `Bà kể rằng năm ấy ở Huế mưa dầm suốt tháng. ${paragraphs(rng, 3 + Math.floor(rng() * 4))}`;
          storyIds.push(Number(insertStory.run(topicId, bookId, words(rng, 5), content, s, now, now).lastInsertRowid));
        }
      }
    })();
    return { bookId: Number(bookId), storyIds };
  } finally {
    db.close();
  }
}

/** A photo as Heirloom keeps one: 1600×1200 WebP (its web size), a gradient with grain, and its 320 px thumbnail. */
async function photo(i) {
  const hue = (i * 47) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g">` +
    `<stop offset="0" stop-color="hsl(${hue},60%,35%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,70%)"/>` +
    `</linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/>` +
    `<circle cx="${400 + i * 130}" cy="600" r="300" fill="hsl(${(hue + 180) % 360},40%,50%)"/></svg>`;
  const grain = { width: 1600, height: 1200, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 12 } };
  const full = await sharp(Buffer.from(svg))
    .composite([{ input: { create: grain }, blend: "overlay" }])
    .webp({ quality: 80 })
    .toBuffer();
  const thumb = await sharp(full).resize({ width: 320, height: 320, fit: "cover" }).webp({ quality: 70 }).toBuffer();
  // The print copy an upload makes (app/models/print-copies.server.ts): the kept WebP as a JPEG.
  const print = await sharp(full).flatten({ background: "#ffffff" }).jpeg({ quality: 86 }).toBuffer();
  return { full, thumb, print };
}

/** A recording's bytes: a WebM header, all the server checks, and a minute's worth of filler at 32 kbit/s. */
function recording() {
  const bytes = new Uint8Array(240_000).fill(0x42);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
}

/**
 * Photos and recordings written the way app/models/media-storage.server.ts keeps them (DATA_DIR/media/files/<key>,
 * a photo's thumbnail beside it) with their rows: 70 uploads would spend half a minute re-encoding photos on the
 * server's one core before anything is measured. Five distinct photos, each kept ten times under its own key.
 */
async function seedMedia(dataDir, storyIds, shape, { olderPhotos }) {
  const dir = path.join(dataDir, "media", "files");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const printDir = path.join(dataDir, "cache", "print-copies");
  fs.mkdirSync(printDir, { recursive: true, mode: 0o700 });
  const photos = [];
  for (let i = 0; i < 5; i++) photos.push(await photo(i));
  const voice = recording();
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const insert = db.prepare(
      "INSERT INTO media (story_id, type, storage_key, mime_type, filename, size, thumb_size, description, " +
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const flag = db.prepare("UPDATE stories SET has_images = has_images OR ?, has_audio = has_audio OR ? WHERE id = ?");
    const key = () => crypto.randomBytes(16).toString("hex");
    const rows = [];
    // Two photos to a story over the first stories; a recording on every fifth.
    for (let i = 0; i < shape.photos; i++) {
      const { full, thumb, print } = photos[i % photos.length];
      const name = key();
      fs.writeFileSync(path.join(dir, `${name}.webp`), full, { mode: 0o600 });
      if (!olderPhotos) fs.writeFileSync(path.join(printDir, `${name}.jpg`), print, { mode: 0o600 });
      fs.writeFileSync(path.join(dir, `${name}.thumb.webp`), thumb, { mode: 0o600 });
      rows.push([storyIds[Math.floor(i / 2)], "image", `${name}.webp`, "image/webp", full, thumb.byteLength]);
    }
    const every = Math.floor(storyIds.length / shape.recordings);
    for (let i = 0; i < shape.recordings; i++) {
      const name = key();
      fs.writeFileSync(path.join(dir, `${name}.webm`), voice, { mode: 0o600 });
      rows.push([storyIds[i * every], "audio", `${name}.webm`, "audio/webm", voice, 0]);
    }
    const ids = [];
    db.transaction(() => {
      for (const [storyId, type, storageKey, mime, bytes, thumbSize] of rows) {
        const description = type === "image" ? "Bến đò bên sông Hương" : "";
        ids.push(
          Number(
            insert.run(
              storyId,
              type,
              storageKey,
              mime,
              storageKey,
              bytes.byteLength,
              thumbSize,
              description,
              Date.now(),
            ).lastInsertRowid,
          ),
        );
        flag.run(type === "image" ? 1 : 0, type === "audio" ? 1 : 0, storyId);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** The server finds the seeded files where it keeps its own: a photo and a recording answer 200 with their bytes. */
async function checkMedia(origin, cookie, [photoId, ...rest]) {
  for (const id of [photoId, rest.at(-1)]) {
    const response = await fetch(new URL(`/api/media/render/id:${id}`, origin), { headers: { Cookie: cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200 || bytes === 0) throw new Error(`seeded media ${id} answered ${response.status}`);
  }
}

/** One download, timed from the request to the last byte. */
async function download(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    ms: performance.now() - started,
    status: response.status,
    contentType: response.headers.get("content-type"),
    etag: response.headers.get("etag"),
    bytes: bytes.byteLength,
    isPdf: new TextDecoder().decode(bytes.slice(0, 5)) === "%PDF-",
  };
}

/**
 * Starts Heirloom on a fresh data directory, seeds the book, then measures the cold and the cached download.
 * `olderPhotos`: the photos have no print copies yet, as those kept before print copies existed; the first printing
 * makes them.
 */
export async function benchPdf({
  cpus = cpuPlan(),
  log = console.log,
  shape = PDF_BENCH_SHAPE,
  olderPhotos = false,
} = {}) {
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-pdf-");
  log("pdf: starting Heirloom on a fresh data directory");
  const server = await startHeirloom({
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (pdf bench)",
  });
  try {
    const started = Date.now();
    const { bookId, storyIds } = seedBook(dataDir, shape);
    const mediaIds = await seedMedia(dataDir, storyIds, shape, { olderPhotos });
    const cookie = await loginAsAdmin(server.url, ADMIN_PASSWORD);
    await checkMedia(server.url, cookie, mediaIds);
    // A link that never expires: every recorded story gets its voice code, as a family's book would.
    const share = await fetch(new URL(`/api/books/${bookId}/shares`, server.url), {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/json" },
      body: "{}",
    });
    if (share.status !== 201) throw new Error(`making the share link answered ${share.status}`);
    log(
      `pdf: seeded ${shape.stories} completed stories in ${shape.topics} topics, ${shape.photos} photos and ` +
        `${shape.recordings} recordings in ${Date.now() - started} ms`,
    );

    const pid = server.child.pid;
    const url = new URL(`/api/books/${bookId}/book.pdf`, server.url).href;
    const headers = { Cookie: cookie };
    // The bench's server is started through taskset when pinned: its pid is taskset's, which execs node in place.
    // /healthz's own first answer (its route module loaded on demand) is not what another user meets later.
    for (let i = 0; i < 3; i++) await (await fetch(new URL("/healthz", server.url))).arrayBuffer();
    const before = readMemory(pid);
    // VmHWM back to the current size (Linux ≥ 4.0), so that it holds the peak of the generation, not of the uploads.
    let hwmReset = true;
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      hwmReset = false;
    }
    const cold = await sampleDuring(server.url, pid, () => download(url, headers), "the download");
    const after = readMemory(pid);
    const cached = await download(url, headers);
    const healthzMs = cold.healthz.map((h) => h.ms);
    const result = {
      shape,
      cold: cold.result,
      cached,
      rssBeforeMb: before.rssMb,
      peakRssMb: Math.max(before.rssMb, ...cold.rss),
      hwmMb: hwmReset ? after.hwmMb : null,
      rssSamples: cold.rss.length,
      healthz: {
        samples: healthzMs.length,
        maxMs: healthzMs.length ? Math.max(...healthzMs) : null,
        p95Ms: percentile(healthzMs, 95),
        failures: cold.healthz.filter((h) => !h.ok).length,
      },
    };
    const problems = [
      cold.result.status !== 200 && `the first download answered ${cold.result.status}`,
      cold.result.status === 200 && !cold.result.isPdf && "the first download is not a PDF",
      cached.status !== 200 && `the second download answered ${cached.status}`,
      cached.status === 200 && !cached.isPdf && "the second download is not a PDF",
      cached.status === 200 && cached.etag !== cold.result.etag && "the second download has another ETag",
      result.healthz.failures > 0 && `${result.healthz.failures} /healthz requests failed`,
    ].filter(Boolean);
    result.problems = problems;
    result.valid = problems.length === 0;
    log(
      `pdf: cold ${Math.round(cold.result.ms)} ms ` +
        `(${cold.result.status}, ${(cold.result.bytes / 1e6).toFixed(1)} MB), ` +
        `peak RSS ${Math.round(result.peakRssMb)} MB (VmHWM ${Math.round(result.hwmMb ?? Number.NaN)} MB, ` +
        `${Math.round(before.rssMb)} MB before), /healthz max ${Math.round(result.healthz.maxMs ?? Number.NaN)} ms ` +
        `p95 ${Math.round(result.healthz.p95Ms ?? Number.NaN)} ms over ${result.healthz.samples} requests; ` +
        `cached ${Math.round(cached.ms)} ms (${cached.status})` +
        (result.valid ? "" : ` (INVALID: ${problems.join("; ")})`),
    );
    return result;
  } catch (error) {
    throw new Error(`${error.message}\nThe server's last output:\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
  }
}

/** Budgets for report.mjs: a download that was not a PDF, twice with the same ETag, counts as INVALID. */
export function pdfBudgets(pdf) {
  const valid = pdf.valid;
  const orNone = (value) => value ?? Number.POSITIVE_INFINITY;
  return [
    { id: "pdf.cold", metric: "cold generation", value: pdf.cold.ms, max: PDF_BUDGETS.coldMs, unit: "ms" },
    {
      id: "pdf.rss",
      metric: "peak RSS",
      value: Math.max(pdf.peakRssMb, pdf.hwmMb ?? 0),
      max: PDF_BUDGETS.peakRssMb,
      unit: "MB",
    },
    {
      id: "pdf.healthz",
      metric: "/healthz during generation, max",
      value: orNone(pdf.healthz.maxMs),
      max: PDF_BUDGETS.healthzMs,
      unit: "ms",
    },
  ].map((budget) => ({ ...budget, page: "book.pdf", source: "issue 19", valid }));
}

// Run alone: node scripts/bench/pdf.mjs [--older-photos]
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.on("exit", cleanupAll);
  try {
    const pdf = await benchPdf({ olderPhotos: process.argv.includes("--older-photos") });
    for (const budget of pdfBudgets(pdf)) {
      const within = budget.value !== null && budget.value <= budget.max;
      const status = !budget.valid ? "INVALID" : within ? "ok" : "OVER BUDGET";
      console.log(`${status}: ${budget.metric} ${Math.round(budget.value)} ${budget.unit}, budget ≤ ${budget.max}`);
    }
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(`pdf bench failed: ${error.stack ?? error}`);
    cleanupAll();
    process.exit(1);
  }
}
