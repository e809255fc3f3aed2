// The printed book bench's books (issues 19 and 38), written straight into the server's SQLite file and media folder
// as Heirloom keeps them: uploading 200 photos would spend minutes re-encoding them on the server before anything is
// measured.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { mulberry32, paragraphs, words } from "./fixtures.mjs";
import { vietnameseStory, vietnameseWords } from "./vietnamese.mjs";

/**
 * A book's shape. `storyCharacters`: each story's length in Vietnamese (vietnamese.mjs); without it, a story is four to
 * seven paragraphs of filler after a Vietnamese sentence (issue 19's book). `photoEvery`: the photos go two to a story
 * on every nth story from the first (1: the first stories).
 */
export const SMALL_BOOK = { topics: 10, stories: 100, photos: 50, recordings: 20 };
export const LONG_BOOK = {
  topics: 10,
  stories: 1000,
  storyCharacters: 10_000,
  photos: 200,
  photoEvery: 10,
  recordings: 50,
};
export const ONE_STORY_BOOK = { topics: 1, stories: 1, photos: 0, recordings: 0 };

const open = (dataDir) => {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  db.pragma("busy_timeout = 10000");
  db.pragma("foreign_keys = ON");
  return db;
};

/** A book of the admin's: topics and completed stories; `seed` makes its text. */
export function seedBook(dataDir, shape, { seed, title }) {
  const db = open(dataDir);
  try {
    const rng = mulberry32(seed);
    const user = db.prepare("SELECT id FROM users WHERE username = 'admin'").get();
    const now = Date.now();
    const bookId = db
      .prepare(
        "INSERT INTO books (user_id, title, description, language, tone, created_at, updated_at) " +
          "VALUES (?, ?, ?, 'vi', '', ?, ?)",
      )
      .run(user.id, title, words(rng, 20), now, now).lastInsertRowid;
    const insertTopic = db.prepare(
      "INSERT INTO topics (book_id, title, description, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const insertStory = db.prepare(
      "INSERT INTO stories (topic_id, book_id, title, content, status, position, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, 'published', ?, ?, ?)",
    );
    const long = Boolean(shape.storyCharacters);
    const storyIds = [];
    let characters = 0;
    db.transaction(() => {
      const perTopic = Math.ceil(shape.stories / shape.topics);
      for (let t = 0; t < shape.topics; t++) {
        const topicTitle = `Chương ${t + 1}: ${long ? vietnameseWords(rng, 4) : words(rng, 3)}`;
        const topicId = insertTopic.run(bookId, topicTitle, words(rng, 12), t, now, now).lastInsertRowid;
        for (let s = 0; s < perTopic && storyIds.length < shape.stories; s++) {
          // Vietnamese letters in every story, so that the font's full coverage is what gets embedded.
          const content = long
            ? vietnameseStory(rng, shape.storyCharacters)
            : `Bà kể rằng năm ấy ở Huế mưa dầm suốt tháng. ${paragraphs(rng, 3 + Math.floor(rng() * 4))}`;
          characters += content.length;
          const storyTitle = long ? vietnameseWords(rng, 6) : words(rng, 5);
          storyIds.push(Number(insertStory.run(topicId, bookId, storyTitle, content, s, now, now).lastInsertRowid));
        }
      }
    })();
    return { bookId: Number(bookId), storyIds, characters };
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

/**
 * Five distinct photos and a recording, written once into the data folder; each book's media are hard links to them
 * under keys of their own, as many files as a family's uploads would make without their bytes on disk many times.
 */
export async function mediaPool(dataDir) {
  const dir = path.join(dataDir, "bench-pool");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const write = (name, bytes) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes, { mode: 0o600 });
    return { file, size: bytes.byteLength };
  };
  const photos = [];
  for (let i = 0; i < 5; i++) {
    const { full, thumb, print } = await photo(i);
    photos.push({
      full: write(`${i}.webp`, full),
      thumb: write(`${i}.thumb.webp`, thumb),
      print: write(`${i}.jpg`, print),
    });
  }
  // A recording's bytes: a WebM header, all the server checks, and a minute's worth of filler at 32 kbit/s.
  const voice = new Uint8Array(240_000).fill(0x42);
  voice.set([0x1a, 0x45, 0xdf, 0xa3]);
  return { photos, recording: write("voice.webm", voice) };
}

/**
 * A book's photos and recordings where app/models/media-storage.server.ts keeps them (DATA_DIR/media/files/<key>, a
 * photo's thumbnail beside it), with their rows. `olderPhotos`: no print copies yet, as those kept before print copies
 * existed; the first printing makes them.
 */
export function seedMedia(dataDir, pool, storyIds, shape, { olderPhotos = false } = {}) {
  const dir = path.join(dataDir, "media", "files");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const printDir = path.join(dataDir, "cache", "print-copies");
  fs.mkdirSync(printDir, { recursive: true, mode: 0o700 });
  const key = () => crypto.randomBytes(16).toString("hex");
  const rows = [];
  for (let i = 0; i < shape.photos; i++) {
    const { full, thumb, print } = pool.photos[i % pool.photos.length];
    const name = key();
    fs.linkSync(full.file, path.join(dir, `${name}.webp`));
    if (!olderPhotos) fs.linkSync(print.file, path.join(printDir, `${name}.jpg`));
    fs.linkSync(thumb.file, path.join(dir, `${name}.thumb.webp`));
    const storyId = storyIds[Math.floor(i / 2) * (shape.photoEvery ?? 1)];
    rows.push([storyId, "image", `${name}.webp`, "image/webp", full.size, thumb.size]);
  }
  const every = Math.floor(storyIds.length / Math.max(1, shape.recordings));
  for (let i = 0; i < shape.recordings; i++) {
    const name = key();
    fs.linkSync(pool.recording.file, path.join(dir, `${name}.webm`));
    rows.push([storyIds[i * every], "audio", `${name}.webm`, "audio/webm", pool.recording.size, 0]);
  }
  const db = open(dataDir);
  try {
    const insert = db.prepare(
      "INSERT INTO media (story_id, type, storage_key, mime_type, filename, size, thumb_size, description, " +
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const flag = db.prepare("UPDATE stories SET has_images = has_images OR ?, has_audio = has_audio OR ? WHERE id = ?");
    const ids = [];
    db.transaction(() => {
      for (const [storyId, type, storageKey, mime, size, thumbSize] of rows) {
        const description = type === "image" ? "Bến đò bên sông Hương" : "";
        const row = [storyId, type, storageKey, mime, storageKey, size, thumbSize, description, Date.now()];
        ids.push(Number(insert.run(...row).lastInsertRowid));
        flag.run(type === "image" ? 1 : 0, type === "audio" ? 1 : 0, storyId);
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}
