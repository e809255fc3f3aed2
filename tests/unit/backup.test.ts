import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { createBook } from "~/models/book.server";
import { addStoryMedia, deleteMedia } from "~/models/media.server";
import { storedFilePath } from "../support/stored-files";
import { createStory } from "~/models/story.server";
import { createTopic } from "~/models/topic.server";
import { createUser } from "~/models/user.server";
import { backup, resolveTarget, timestamp } from "../../scripts/backup.mjs";

// scripts/backup.mjs in-process against the unit suite's own data folder (tests/support/unit-setup.ts),
// for what the HTTP test cannot time: the app deleting a photo between the snapshot and the media copy.
// tests/http/backup.test.ts runs `npm run backup` against the real server under writes, and restores it.

const script = path.resolve(import.meta.dirname, "..", "..", "scripts", "backup.mjs");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-backup-unit-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const dataDir = () => process.env.DATA_DIR!;
const quiet = () => {};

async function storyWithPhotos(username: string, photos: number) {
  const user = await createUser({ username, email: `${username}@example.com`, password: "secret1" });
  const book = await createBook({
    userId: user.id,
    input: { title: "Album", description: "", tone: "", language: "vi", coverImage: null },
  });
  const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "Quê nhà", description: "" } });
  const story = await createStory({
    topicId: topic.id,
    userId: user.id,
    input: { title: "Dòng sông", content: "Text", status: "draft" },
  });
  const media = [];
  for (let i = 0; i < photos; i++) {
    const upload = path.join(scratch, `upload-${username}-${i}.png`);
    await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10 * i, g: 80, b: 120 } } })
      .png()
      .toFile(upload);
    media.push(
      await addStoryMedia({
        storyId: story.id,
        userId: user.id,
        type: "image",
        upload: { path: upload, filename: `photo-${i}.png` },
        fallbackDescription: "Photo",
      }),
    );
  }
  return { user, story, media };
}

/** Runs the script as `npm run backup` does, on the project's Node. */
function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("npm run backup, in-process", () => {
  it("takes a fresh snapshot when the app deletes a photo between the snapshot and the media copy", async () => {
    db(); // the app's connection: migrated and in WAL mode, as when the server runs
    const { user, media } = await storyWithPhotos("thu", 2);
    const [kept, removed] = media as [(typeof media)[0], (typeof media)[0]];
    const destination = path.join(scratch, "race");
    const lines: string[] = [];

    const manifest = await backup({
      dataDir: dataDir(),
      destination,
      log: (line) => lines.push(line),
      hooks: {
        // The snapshot has both rows; now the app deletes one, row first, then its files (models/media.server.ts).
        afterSnapshot: async (attempt) => {
          if (attempt === 1) await deleteMedia({ mediaId: removed.id, userId: user.id });
        },
      },
    });

    expect(manifest.snapshots).toBe(2);
    expect(lines.join("\n")).toMatch(/deleted by the app during the copy: taking a fresh snapshot/);
    expect(manifest.media).toMatchObject({ missing: [] });
    const copy = new Database(path.join(destination, "heirloom.db"), { readonly: true });
    const keys = copy.prepare("SELECT id, storage_key AS key FROM media").all() as { id: number; key: string }[];
    copy.close();
    expect(keys.map((row) => row.id)).toEqual([kept.id]);
    for (const { key } of keys) {
      for (const variant of ["full", "thumb"] as const) {
        expect(
          fs.existsSync(path.join(destination, "media", "files", path.basename(storedFilePath(key, variant)))),
        ).toBe(true);
      }
    }
    // Nothing half-made is left beside the backup.
    expect(fs.readdirSync(scratch).filter((name) => name.includes("incomplete"))).toEqual([]);
  });

  it("keeps a backup of data whose own file is lost, and names the file in the manifest", async () => {
    const { media } = await storyWithPhotos("long", 1);
    const key = db().$client.prepare("SELECT storage_key FROM media WHERE id = ?").pluck().get(media[0]!.id) as string;
    fs.rmSync(storedFilePath(key));
    const manifest = await backup({ dataDir: dataDir(), destination: path.join(scratch, "lost"), log: quiet });
    expect(manifest.snapshots).toBe(3);
    expect(manifest.media).toMatchObject({ missing: [path.join("files", key)] });
    expect(manifest.database.integrityCheck).toBe("ok");
  });

  it("copies only the database when media are kept in a bucket, and says where they are", async () => {
    await storyWithPhotos("bucket", 1);
    const lines: string[] = [];
    const destination = path.join(scratch, "bucket");
    const manifest = await backup({
      dataDir: dataDir(),
      destination,
      log: (line: string) => lines.push(line),
      mediaStore: "s3://family-media/heirloom",
    });
    expect(manifest.media).toEqual({ store: "s3://family-media/heirloom", copied: false });
    expect(manifest.snapshots).toBe(1);
    expect(fs.readdirSync(path.join(destination, "media"))).toEqual([]);
    expect(lines.join("\n")).toContain("Media are kept in s3://family-media/heirloom");
  });

  it("skips uploads in flight (media/tmp and *.tmp files)", async () => {
    fs.mkdirSync(path.join(dataDir(), "media", "tmp"), { recursive: true });
    fs.writeFileSync(path.join(dataDir(), "media", "tmp", "upload-in-flight"), "partial");
    fs.mkdirSync(path.join(dataDir(), "media", "covers"), { recursive: true });
    fs.writeFileSync(path.join(dataDir(), "media", "covers", `${"c".repeat(32)}.webp.tmp`), "partial");
    const destination = path.join(scratch, "tmp-files");
    await backup({ dataDir: dataDir(), destination, log: quiet });
    expect(fs.existsSync(path.join(destination, "media", "tmp"))).toBe(false);
    expect(fs.readdirSync(path.join(destination, "media", "covers"))).toEqual([]);
  });
});

describe("npm run backup, on the command line", () => {
  it("names the folder from the local time, under BACKUP_DIR or ./backups, or takes the folder given", () => {
    const now = new Date(2026, 0, 2, 3, 4, 5);
    expect(timestamp(now)).toBe("20260102-030405");
    expect(resolveTarget({ args: [], env: { DATA_DIR: "/srv/heirloom" }, now })).toEqual({
      dataDir: "/srv/heirloom",
      destination: path.resolve("backups", "heirloom-20260102-030405"),
    });
    expect(resolveTarget({ args: [], env: { BACKUP_DIR: "/mnt/usb" }, now }).destination).toBe(
      "/mnt/usb/heirloom-20260102-030405",
    );
    expect(resolveTarget({ args: ["mine"], env: { INIT_CWD: "/home/lan" }, now }).destination).toBe("/home/lan/mine");
  });

  it("fails with one clear sentence and no stack trace when DATA_DIR is missing or the destination exists", () => {
    const missing = cli([path.join(scratch, "never")], { DATA_DIR: path.join(scratch, "no-such-data") });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^Backup failed: the data folder .*no-such-data does not exist\. Set DATA_DIR/m);
    expect(missing.stderr).not.toMatch(/\n\s+at /);

    const taken = path.join(scratch, "taken");
    fs.mkdirSync(taken);
    fs.writeFileSync(path.join(taken, "keep.txt"), "mine");
    const exists = cli([taken], { DATA_DIR: dataDir() });
    expect(exists.status).toBe(1);
    expect(exists.stderr).toMatch(/^Backup failed: .*taken already exists\. A backup never writes over anything/m);
    expect(exists.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(taken)).toEqual(["keep.txt"]);

    const postgres = cli([path.join(scratch, "pg")], { DATA_DIR: dataDir(), DATABASE_URL: "postgres://db/heirloom" });
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toMatch(/^Backup failed: the database is PostgreSQL \(DATABASE_URL\), .* pg_dump/m);
    expect(fs.existsSync(path.join(scratch, "pg"))).toBe(false);
  });

  it("makes a checked backup and prints a one-line summary", () => {
    const destination = path.join(scratch, "cli");
    const result = cli([destination], { DATA_DIR: dataDir() });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n").at(-1)).toMatch(
      /^Backup complete: .*cli \(heirloom\.db [\d.]+ KB, integrity ok, \d+ stories, \d+ media files .*\) in [\d.]+ s$/,
    );
    expect(fs.readdirSync(destination).sort()).toEqual(["heirloom.db", "manifest.json", "media"]);
  });
});
