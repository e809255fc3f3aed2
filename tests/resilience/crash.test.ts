import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Client } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { bookWithTopic, checkedContent, contentIsWhole, createSignedInUsers, mediaFiles, rowCount } from "./support";

// The server is killed with SIGKILL while users are writing and a photo is half uploaded, then started
// again on the same DATA_DIR: the database opens and is intact, every acknowledged story is there as
// acknowledged, nothing is half-written, and the interrupted upload leaves nothing behind. On PostgreSQL (the
// `resilience-pg` suite) the restart finds the same database by the data directory's name (test-database.ts).
const WRITERS = 8;

type Writer = { name: string; id: number; client: Client; topicId: number };
/** Every version of a story a client sent, in order, and how many of them the server acknowledged. */
type Sent = { title: string; versions: string[]; acknowledged: number };

let first: RunningServer;
let second: RunningServer | undefined;
let writers: Writer[];

beforeAll(async () => {
  first = await startServer();
  const users = await createSignedInUsers(
    first,
    Array.from({ length: WRITERS }, (_, i) => `crash${i}`),
  );
  writers = [];
  for (const user of users)
    writers.push({ ...user, topicId: (await bookWithTopic(user.client, `Book of ${user.name}`)).topicId });
});
afterAll(async () => {
  await first?.kill("SIGKILL");
  if (second) await second.stop();
  else if (first) {
    fs.rmSync(first.dataDir, { recursive: true, force: true });
    await first.database.drop();
  }
});

const tmpDir = (dataDir: string) => path.join(dataDir, "media", "tmp");
const partFiles = (dataDir: string) => (fs.existsSync(tmpDir(dataDir)) ? fs.readdirSync(tmpDir(dataDir)) : []);

/**
 * Starts a photo upload and never finishes it: the headers and the first 256 KB of the file are
 * sent, then the connection stays open, so the server holds a `.part` file when it is killed.
 */
function stalledUpload(server: RunningServer, client: Client, storyId: number): http.ClientRequest {
  const boundary = "----resilience-boundary";
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
    "Content-Type: image/png\r\n\r\n";
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(256 * 1024, 7),
  ]);
  const url = new URL(`/api/stories/${storyId}/media`, server.url);
  const request = http.request(url, {
    method: "POST",
    headers: {
      Cookie: client.cookieHeader(),
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(5 * 1024 * 1024),
    },
  });
  request.on("error", () => {}); // the server dies under it
  request.write(head);
  request.write(png);
  return request;
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a crash in the middle of writes", () => {
  it("SIGKILL, restart on the same data: the database is intact and every acknowledged story is whole", async () => {
    const story = await writers[0]!.client.json("POST", `/api/topics/${writers[0]!.topicId}/stories`, {
      title: "Photo story",
      content: "A photo follows.",
    });
    expect(story.status).toBe(201);
    const upload = stalledUpload(first, writers[0]!.client, ((await story.json()) as { id: number }).id);
    await until(
      () => partFiles(first.dataDir).some((name) => name.endsWith(".part")),
      10_000,
      "the upload's .part file",
    );

    const sent = new Map<number, Sent>();
    /** Creates that got no answer: they may or may not have been committed. */
    const unanswered = new Set<string>();
    let killed = false;
    let acknowledgedCount = 0;
    const statuses: number[] = [];

    async function write(writer: Writer) {
      const mine: number[] = [];
      for (let n = 0; !killed; n++) {
        if (n % 3 === 2 && mine.length) {
          const storyId = mine[n % mine.length]!;
          const record = sent.get(storyId)!;
          // Large texts, so a write takes long enough to be caught midway.
          const content = checkedContent(record.title, 20_000 + (n % 5) * 10_000, n * 31 + writer.id);
          record.versions.push(content);
          const version = record.versions.length;
          const response = await writer.client
            .json("PUT", `/api/stories/${storyId}`, { title: record.title, content })
            .catch(() => null);
          if (!response) return;
          statuses.push(response.status);
          if (response.status === 200) record.acknowledged = Math.max(record.acknowledged, version);
        } else {
          const title = `${writer.name} crash story ${n}`;
          const content = checkedContent(title, 20_000 + (n % 7) * 8_000, n * 17 + writer.id);
          unanswered.add(title);
          const response = await writer.client
            .json("POST", `/api/topics/${writer.topicId}/stories`, { title, content })
            .catch(() => null);
          if (!response) return;
          statuses.push(response.status);
          const body =
            response.status === 201 ? ((await response.json().catch(() => null)) as { id: number } | null) : null;
          if (!body) return;
          unanswered.delete(title);
          sent.set(body.id, { title, versions: [content], acknowledged: 1 });
          mine.push(body.id);
          acknowledgedCount++;
        }
      }
    }

    const writing = Promise.all(writers.map(write));
    await until(() => acknowledgedCount >= 150, 20_000, "150 acknowledged stories");
    await first.kill("SIGKILL");
    killed = true;
    await writing;
    upload.destroy();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // The crash caught the upload midway: its temporary file is still on disk.
    expect(partFiles(first.dataDir).filter((name) => name.endsWith(".part"))).not.toEqual([]);
    console.log(
      `crash: killed after ${acknowledgedCount} acknowledged creates (${statuses.length} answered writes, ` +
        `${unanswered.size} creates unanswered)`,
    );

    // A photo caught between being written and being renamed into place is left as `*.tmp` too.
    const filesDir = path.join(first.dataDir, "media", "files");
    fs.mkdirSync(filesDir, { recursive: true });
    fs.writeFileSync(path.join(filesDir, "0123456789abcdef0123456789abcdef.webp.tmp"), "half a photo");
    fs.writeFileSync(path.join(filesDir, "fedcba9876543210fedcba9876543210.webp"), "a kept photo");
    // Left an hour ago, they are the crash's. A file written a moment ago may be another process's upload on
    // the same DATA_DIR (ADR 0031), and stays.
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    for (const name of partFiles(first.dataDir))
      fs.utimesSync(path.join(tmpDir(first.dataDir), name), hourAgo, hourAgo);
    fs.utimesSync(path.join(filesDir, "0123456789abcdef0123456789abcdef.webp.tmp"), hourAgo, hourAgo);
    fs.writeFileSync(path.join(tmpDir(first.dataDir), "in-flight.part"), "another process's upload");
    // A photo and its thumbnail kept two days ago by a run that stopped before writing their row: nothing names them,
    // and no import takes that long. The photo kept a moment ago above may be about to get its row, and stays.
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    for (const name of ["00112233445566778899aabbccddeeff.webp", "00112233445566778899aabbccddeeff.thumb.webp"]) {
      fs.writeFileSync(path.join(filesDir, name), "a photo nothing names");
      fs.utimesSync(path.join(filesDir, name), twoDaysAgo, twoDaysAgo);
    }

    // The first run took the day's turn to sweep them (a sweep of stored files is one app server's a day): the restart
    // stands for the next day's.
    await first.database.query("DELETE FROM rate_limits WHERE scope = 'maintenance'");
    second = await startServer({}, { dataDir: first.dataDir });
    expect(second.output()).toContain("Removed 2 unfinished upload file(s) left by an interrupted run.");
    // That sweep runs beside the requests, not before them.
    const started = second;
    await until(
      () => started.output().includes("Removed 2 stored file(s) that nothing names, left by an interrupted upload."),
      20_000,
      "the sweep of files nothing names",
    );
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    // The killed app wrote SQLite's file itself, which the kill may have torn, and SQLite checks foreign keys only when
    // asked; on PostgreSQL the app held only connections (the server rolls their open transactions back) and foreign
    // keys are checked at every commit: there is no file of the app's to check.
    if (second.database.dialect === "sqlite") {
      expect(await second.database.query("pragma integrity_check")).toEqual([{ integrity_check: "ok" }]);
      expect(await second.database.query("pragma foreign_key_check")).toEqual([]);
    }

    const rows = await second.database.query<{ id: number; title: string; content: string }>(
      "SELECT id, title, content FROM stories WHERE title LIKE '% crash story %'",
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const problems: string[] = [];
    for (const row of rows) {
      // Nothing half-written: every row's title and content belong together and are complete.
      if (!contentIsWhole(row.title, row.content)) problems.push(`story ${row.id} (${row.title}) is not whole`);
      const record = sent.get(row.id);
      if (!record && !unanswered.has(row.title)) problems.push(`story ${row.id} (${row.title}) was never sent`);
      // An acknowledged update is there, or a later one that was sent before the crash.
      if (record && record.versions.indexOf(row.content) + 1 < record.acknowledged)
        problems.push(`story ${row.id} lost an acknowledged update`);
    }
    for (const [id, record] of sent)
      if (!byId.has(id)) problems.push(`acknowledged story ${id} (${record.title}) is lost`);
    expect(problems.slice(0, 10)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(sent.size);
    expect(rows.length).toBeLessThanOrEqual(sent.size + unanswered.size);

    // The interrupted upload's temporary file was swept at start (the in-flight one kept); no media row points at it.
    expect(partFiles(second.dataDir)).toEqual(["in-flight.part"]);
    fs.rmSync(path.join(tmpDir(second.dataDir), "in-flight.part"));
    expect(mediaFiles(second.dataDir).filter((file) => file.startsWith("files"))).toEqual([
      "files/fedcba9876543210fedcba9876543210.webp 12",
    ]);
    expect(await rowCount(second, "media")).toBe(0);

    // The same sessions go on writing against the restarted server.
    const again = createClient(second.url);
    for (const [name, value] of writers[1]!.client.jar) again.jar.set(name, value);
    const after = await again.json("POST", `/api/topics/${writers[1]!.topicId}/stories`, {
      title: "After the crash",
      content: "Still here.",
    });
    expect(after.status).toBe(201);
  });
});

describe("an upload the client abandons", () => {
  it("leaves no temporary file behind, and the server stays healthy", async () => {
    const server = second!;
    const client = createClient(server.url);
    for (const [name, value] of writers[2]!.client.jar) client.jar.set(name, value);
    const story = await client.json("POST", `/api/topics/${writers[2]!.topicId}/stories`, {
      title: "Abandoned photo",
      content: "…",
    });
    expect(story.status).toBe(201);
    const upload = stalledUpload(server, client, ((await story.json()) as { id: number }).id);
    await until(
      () => partFiles(server.dataDir).some((name) => name.endsWith(".part")),
      10_000,
      "the upload's .part file",
    );
    upload.destroy();
    await until(() => partFiles(server.dataDir).length === 0, 10_000, "the .part file to be removed");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await rowCount(server, "media")).toBe(0);
  });
});
