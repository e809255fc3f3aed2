import { keepsakeAnswer } from "../support/book-pdf";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pngBytes, webmBytes } from "../support/media-files";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs } from "../support/http";

// Issue 16: DATA_DIR holds the family's stories, password hashes and the cookie secret. Only the user the
// app runs as may read it: folders 0700, files 0600, whatever the umask, also for a DATA_DIR made before.

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
const parent = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-perms-"));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

/**
 * Every kind of file the server writes under DATA_DIR: a cover, a photo with its thumbnail and print copy, a
 * recording, a printed book in the cache, and the files of an export imported again. Returns the signed-in client and
 * the story, for an upload the test watches while it is still on its way.
 */
async function fill(running: RunningServer) {
  const client = createClient(running.url);
  await loginAs(client, "admin", ADMIN_PASSWORD);
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#7a3e12" } })
    .png()
    .toBuffer();
  const book = await (
    await client.json("POST", "/api/books", {
      title: "Ảnh",
      coverImage: `data:image/png;base64,${png.toString("base64")}`,
    })
  ).json();
  const topic = await (await client.json("POST", `/api/books/${book.id}/topics`, { title: "Gia đình" })).json();
  const story = await (
    await client.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "Ảnh cưới",
      content: "Ông bà cưới nhau mùa xuân năm ấy.",
      status: "published",
    })
  ).json();
  for (const [type, file] of [
    ["image", new File([await pngBytes()], "cuoi.png")],
    ["audio", new File([webmBytes()], "giong.webm")],
  ] as const) {
    const form = new FormData();
    form.append("type", type);
    form.append("file", file);
    const response = await client.request(`/api/stories/${story.id}/media`, { method: "POST", body: form });
    expect(response.status).toBe(201);
  }
  // The printed book is kept in DATA_DIR/cache; an export is streamed, and importing it unpacks its files first.
  const pdf = await keepsakeAnswer(client, `/api/books/${book.id}/book.pdf`);
  expect(pdf.status).toBe(200);
  await pdf.arrayBuffer();
  const exported = await client.get(`/api/books/${book.id}/export`);
  expect(exported.status).toBe(200);
  const zip = new FormData();
  zip.append("file", new File([await exported.arrayBuffer()], "book.zip", { type: "application/zip" }));
  expect((await client.request("/api/import", { method: "POST", body: zip })).status).toBe(201);
  return { client, storyId: story.id as number };
}

/**
 * Posts a recording to the story whose bytes stop coming after the file's first part, runs `look` while it sits half
 * received in DATA_DIR/media/tmp, then sends the rest.
 */
async function whileUploading(
  running: RunningServer,
  { client, storyId }: Awaited<ReturnType<typeof fill>>,
  look: () => void,
) {
  const boundary = "heirloom-permissions";
  let send!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (send = controller) });
  const posted = client.request(`/api/stories/${storyId}/media`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  send.enqueue(
    new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\naudio\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dang-ghi.webm"\r\n` +
        "Content-Type: audio/webm\r\n\r\n",
    ),
  );
  send.enqueue(webmBytes(64 * 1024));
  const tmp = path.join(running.dataDir, "media", "tmp");
  const receiving = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).some((name) => name.endsWith(".part"));
  await expect.poll(receiving, { timeout: 20_000 }).toBe(true);
  look();
  send.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
  send.close();
  expect((await posted).status).toBe(201);
}

/** Every folder and file under DATA_DIR with its mode, e.g. { ".": "700", "heirloom.db": "600", … }. */
function modes(dataDir: string): Record<string, string> {
  const out: Record<string, string> = { ".": mode(dataDir) };
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dataDir, full)] = mode(full);
  }
  return out;
}

/** The same names with the modes they must have: 700 for a folder, 600 for a file. */
function ownerOnly(dataDir: string, names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => [name, fs.statSync(path.join(dataDir, name)).isDirectory() ? "700" : "600"]),
  );
}

describe("DATA_DIR", () => {
  it("is made 0700 with a 0600 database, -wal, -shm, secret and media files on a fresh start", async () => {
    const dataDir = path.join(parent, "fresh", "data");
    server = await startServer({}, { dataDir });
    const filled = await fill(server);
    let uploading: Record<string, string> = {};
    let uploadingOwnerOnly: Record<string, string> = {};
    await whileUploading(server, filled, () => {
      uploading = modes(dataDir);
      uploadingOwnerOnly = ownerOnly(dataDir, Object.keys(uploading));
    });
    const all = modes(dataDir);
    // What the start and the uploads made: the database and its WAL files, the secret, a cover, a photo and
    // its thumbnail, a recording, and their folders. On PostgreSQL the database is not in DATA_DIR.
    const database = server.database.dialect === "sqlite" ? ["heirloom.db", "heirloom.db-wal", "heirloom.db-shm"] : [];
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining([...database, "secrets.json", path.join("media", "covers"), path.join("media", "files")]),
    );
    // The first photo, its thumbnail and the recording; their copies from the import; the recording sent last.
    expect(Object.keys(all).filter((name) => name.startsWith(path.join("media", "files") + path.sep))).toHaveLength(7);
    const inside = (folder: string) => Object.keys(all).filter((name) => name.startsWith(folder + path.sep));
    expect(inside(path.join("cache", "printed-books")).filter((name) => name.endsWith(".pdf"))).toHaveLength(1);
    expect(inside(path.join("cache", "print-copies")).filter((name) => name.endsWith(".jpg"))).toHaveLength(1);
    expect(Object.keys(uploading).filter((name) => name.endsWith(".part"))).toHaveLength(1);
    expect(uploading).toEqual(uploadingOwnerOnly);
    expect(all).toEqual(ownerOnly(dataDir, Object.keys(all)));
  });

  it("is tightened on start when an older version left it readable by others", async () => {
    const dataDir = server!.dataDir;
    await server!.kill();
    fs.chmodSync(dataDir, 0o755);
    // On PostgreSQL there is no database file in DATA_DIR to loosen.
    const files = server!.database.dialect === "sqlite" ? ["heirloom.db", "secrets.json"] : ["secrets.json"];
    for (const name of files) fs.chmodSync(path.join(dataDir, name), 0o644);
    fs.chmodSync(path.join(dataDir, "media"), 0o755);
    fs.chmodSync(path.join(dataDir, "media", "files"), 0o755);
    // The printed books' cache, as versions before issue 35 wrote it.
    const cache = path.join(dataDir, "cache");
    for (const entry of fs.readdirSync(cache, { recursive: true, withFileTypes: true }))
      fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
    server = await startServer({}, { dataDir });
    const all = modes(dataDir);
    expect(all).toEqual(ownerOnly(dataDir, Object.keys(all)));
  });
});
