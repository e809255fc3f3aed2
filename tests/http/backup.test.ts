import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";

// `npm run backup` against the real server while it keeps writing, then a restore onto a fresh data
// folder that a second server opens. The timing the HTTP API cannot force (a photo deleted between the
// snapshot and the media copy) is in tests/unit/backup.test.ts.

const root = path.resolve(import.meta.dirname, "..", "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-backup-"));
const destination = path.join(scratch, "nightly");
const restoredDir = path.join(scratch, "restored-data");

let server: RunningServer;
let restored: RunningServer | undefined;
let lan: Client;

beforeAll(async () => {
  server = await startServer();
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  await admin.json("POST", "/api/admin/create-user", {
    username: "lan",
    email: "lan@example.com",
    password: "secret1",
  });
  lan = createClient(server.url);
  await loginAs(lan, "lan", "secret1");
});
afterAll(async () => {
  await server?.stop();
  await restored?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const png = async (seed: number) =>
  new Uint8Array(
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: seed % 256, g: 120, b: 40 } } })
      .png()
      .toBuffer(),
  );

async function post(client: Client, url: string, body: unknown) {
  const response = await client.json("POST", url, body);
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; coverImage?: string };
}

async function uploadPhoto(client: Client, storyId: number, seed: number) {
  const form = new FormData();
  form.append("type", "image");
  form.append("file", new File([await png(seed)], `photo-${seed}.png`, { type: "image/png" }));
  const response = await client.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; url: string };
}

// Each story's text says which story it is, so a row cut short or mixed up is seen.
const contentOf = (n: number) =>
  `Story ${n}: ${crypto.createHash("sha256").update(String(n)).digest("hex").repeat(40)}`;

type Run = { status: number | null; stdout: string; stderr: string };

/** `npm run backup -- DESTINATION`, as a person or cron would run it, against the server's data folder. */
function npmBackup(dataDir: string, target: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "backup", "--", target], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe("npm run backup while the app writes, and a restore", () => {
  let bookId: number;
  let topicId: number;
  let coverUrl: string;
  let photo: { id: number; url: string };
  let oldSessionCookie: string;
  const acknowledged = new Map<number, number>(); // story id → n, once the server answered 201
  let beforeBackup = 0;
  let duringBackup = 0;

  it("copies a database and media that are consistent with each other, checked, with a true manifest", {
    timeout: 120_000,
  }, async () => {
    const cover = `data:image/png;base64,${Buffer.from(await png(7)).toString("base64")}`;
    const book = await post(lan, "/api/books", { title: "Sổ tay gia đình", language: "vi", coverImage: cover });
    bookId = book.id;
    coverUrl = book.coverImage!;
    expect(coverUrl).toMatch(/^\/api\/media\/render\/cover:/);
    topicId = (await post(lan, `/api/books/${bookId}/topics`, { title: "Quê nhà" })).id;
    const photoStory = await post(lan, `/api/topics/${topicId}/stories`, {
      title: "Bến sông",
      content: "Ảnh bà ở bến sông.",
      status: "draft",
    });
    photo = await uploadPhoto(lan, photoStory.id, 1);
    oldSessionCookie = lan.cookieHeader();

    // Writers: four stories at a time, plus photos uploaded and deleted again (files come and go).
    let stop = false;
    let backupRunning = false;
    let next = 0;
    const errors: string[] = [];
    const writer = async () => {
      while (!stop) {
        const n = next++;
        const response = await lan.json("POST", `/api/topics/${topicId}/stories`, {
          title: `Concurrent ${n}`,
          content: contentOf(n),
          status: "draft",
        });
        if (response.status !== 201) errors.push(`story ${n}: ${response.status}`);
        else {
          acknowledged.set(((await response.json()) as { id: number }).id, n);
          if (backupRunning) duringBackup += 1;
        }
      }
    };
    const churn = async () => {
      for (let seed = 100; !stop; seed++) {
        const uploaded = await uploadPhoto(lan, photoStory.id, seed);
        const response = await lan.request(`/api/media/${uploaded.id}`, { method: "DELETE" });
        if (response.status !== 200 && response.status !== 204) errors.push(`delete media: ${response.status}`);
      }
    };
    const writers = [writer(), writer(), writer(), writer(), churn()];
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    beforeBackup = acknowledged.size;
    const acknowledgedBefore = new Map(acknowledged);

    backupRunning = true;
    const run = await npmBackup(server.dataDir, destination);
    backupRunning = false;
    stop = true;
    await Promise.all(writers);

    expect(errors).toEqual([]);
    expect(run.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        String.raw`^Backup complete: .*nightly \(heirloom\.db [\d.]+ (KB|MB), integrity ok, \d+ stories, ` +
          String.raw`\d+ media files .*, secrets\.json\) in [\d.]+ s$`,
        "m",
      ),
    );
    // The app really was writing while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);

    // What is there, and nothing half-made beside it.
    expect(fs.readdirSync(destination).sort()).toEqual(["heirloom.db", "manifest.json", "media", "secrets.json"]);
    expect(fs.readdirSync(scratch).filter((name) => name.startsWith("."))).toEqual([]);
    expect(fs.existsSync(path.join(destination, "media", "tmp"))).toBe(false);

    const copy = new Database(path.join(destination, "heirloom.db"), { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("foreign_key_check")).toEqual([]);
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");

      // Every story written before the backup started is in it, and every story in it is whole.
      const rows = copy
        .prepare(
          "SELECT id, title, content, topic_id AS topicId, book_id AS bookId " +
            "FROM stories WHERE title LIKE 'Concurrent %'",
        )
        .all() as {
        id: number;
        title: string;
        content: string;
        topicId: number;
        bookId: number;
      }[];
      const inBackup = new Set(rows.map((row) => row.id));
      for (const id of acknowledgedBefore.keys()) expect(inBackup.has(id)).toBe(true);
      for (const row of rows) {
        const n = Number(row.title.slice("Concurrent ".length));
        expect(row).toEqual({ id: row.id, title: `Concurrent ${n}`, content: contentOf(n), topicId, bookId });
        expect(acknowledged.get(row.id)).toBe(n);
      }

      // Every media row has its files (a photo: the web size and the thumbnail), and the cover is there.
      const media = copy.prepare("SELECT id, type, storage_key AS key FROM media").all() as {
        id: number;
        type: string;
        key: string;
      }[];
      expect(media.map((row) => row.id)).toContain(photo.id);
      for (const row of media) {
        expect(fs.existsSync(path.join(destination, "media", "files", row.key))).toBe(true);
        if (row.type === "image")
          expect(fs.existsSync(path.join(destination, "media", "files", row.key.replace(".", ".thumb.")))).toBe(true);
      }
      const covers = copy
        .prepare("SELECT cover_image FROM books WHERE cover_image LIKE '/api/media/render/cover:%'")
        .pluck()
        .all() as string[];
      expect(covers).toEqual([coverUrl]);
      expect(fs.existsSync(path.join(destination, "media", "covers", `${coverUrl.split(":").at(-1)}.webp`))).toBe(true);

      // The manifest tells the truth about what is in the folder.
      const manifest = JSON.parse(fs.readFileSync(path.join(destination, "manifest.json"), "utf8"));
      const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
      const mediaFiles = filesUnder(path.join(destination, "media"));
      expect(manifest).toMatchObject({
        format: 1,
        app: "heirloom",
        appVersion: pkg.version ?? null,
        dataDir: server.dataDir,
        database: {
          file: "heirloom.db",
          size: fs.statSync(path.join(destination, "heirloom.db")).size,
          sha256: sha256(path.join(destination, "heirloom.db")),
          integrityCheck: "ok",
          rows: { users: 2, books: 1, stories: rows.length + 1, media: media.length },
        },
        media: {
          folder: "media",
          files: mediaFiles.length,
          bytes: mediaFiles.reduce((sum, file) => sum + fs.statSync(path.join(destination, "media", file)).size, 0),
          missing: [],
        },
        secrets: "secrets.json",
      });
      expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(60_000);
      expect(manifest.database.migrations.count).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    expect(beforeBackup).toBeGreaterThanOrEqual(40);
  });

  it("restores onto a fresh data folder: the same user signs in and reads the same stories and photo", {
    timeout: 60_000,
  }, async () => {
    // docs/operations.md's restore: a fresh DATA_DIR (no stale -wal/-shm) gets the database, media and secrets.
    fs.mkdirSync(restoredDir);
    for (const name of ["heirloom.db", "secrets.json"])
      fs.copyFileSync(path.join(destination, name), path.join(restoredDir, name));
    fs.cpSync(path.join(destination, "media"), path.join(restoredDir, "media"), { recursive: true });
    // startServer makes its own empty folder; the restored one is given as DATA_DIR instead (and removed by afterAll).
    restored = await startServer({ DATA_DIR: restoredDir });

    // secrets.json came back, so a cookie signed before the backup still opens lan's session.
    const sameBrowser = createClient(restored.url, { Cookie: oldSessionCookie });
    const me = await sameBrowser.get("/api/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: "lan" });

    const client = createClient(restored.url);
    await loginAs(client, "lan", "secret1");
    const copy = new Database(path.join(destination, "heirloom.db"), { readonly: true });
    const stories = copy.prepare("SELECT id, title, content FROM stories ORDER BY id").all() as {
      id: number;
      title: string;
      content: string;
    }[];
    copy.close();
    expect(stories.length).toBeGreaterThan(beforeBackup);
    for (const story of stories) {
      const response = await client.get(`/api/stories/${story.id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: story.id, title: story.title, content: story.content });
    }

    const image = await client.get(`/api/media/render/id:${photo.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(800);
    expect((await client.get(`/api/media/render/id:${photo.id}?size=thumb`)).status).toBe(200);
    expect((await client.get(coverUrl)).status).toBe(200);
    const book = await client.get(`/api/books/${bookId}`);
    expect(book.status).toBe(200);
  });
});
