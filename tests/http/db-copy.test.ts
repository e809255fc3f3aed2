import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient, serverWithLanAndMinh } from "../support/http";
import { pngBytes, wavBytes } from "../support/media-files";
import { type Postgres, startPostgres } from "../support/postgres";
import { type LocalS3, startLocalS3 } from "../support/s3";
import type { RunningServer } from "../support/server";

// `npm run db:copy` (issue 21, ADR 0032): an installation on SQLite and disk, moved into PostgreSQL and an
// S3-compatible bucket, every row with its id and every file with its bytes, and never into a database in use.
const root = path.resolve(import.meta.dirname, "..", "..");
const run = promisify(execFile);

let postgres: Postgres;
let s3: LocalS3;
let server: RunningServer;
let database: pg.Client;

async function dbCopy(...args: string[]) {
  const cli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, path.join(root, "scripts", "db-copy.ts"), ...args], {
      cwd: root,
      env: { ...process.env, ...s3.env, MEDIA_STORE: "" },
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const sqliteRows = (sql: string) => {
  const source = new Database(path.join(server.dataDir, "heirloom.db"), { readonly: true });
  try {
    return source.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    source.close();
  }
};
/** Every table of the SQLite database: the copy must leave none behind, including one added after this test. */
const tables = () =>
  sqliteRows(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
  )
    .map((row) => String(row.name))
    .sort();
const countsIn = async () =>
  Object.fromEntries(
    await Promise.all(
      tables().map(async (t) => [t, (await database.query(`select count(*)::int as n from ${t}`)).rows[0].n as number]),
    ),
  );

beforeAll(async () => {
  let lan: Client;
  [postgres, s3, { server, lan }] = await Promise.all([startPostgres(), startLocalS3(), serverWithLanAndMinh()]);
  const cover = `data:image/png;base64,${Buffer.from(await pngBytes(60, 90)).toString("base64")}`;
  const book = await (
    await lan.json("POST", "/api/books", { title: "Sổ của bà", language: "vi", coverImage: cover })
  ).json();
  const topic = await (await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" })).json();
  await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Bà nhớ gì về dòng sông?" });
  const story = await (
    await lan.json("POST", `/api/topics/${topic.id}/stories`, { title: "Dòng sông", content: "Bà bơi qua sông." })
  ).json();
  for (const [bytes, name, type] of [
    [await pngBytes(), "ben-song.png", "image"],
    [wavBytes(1500), "giong-ba.wav", "audio"],
  ] as const) {
    const form = new FormData();
    form.append("type", type);
    form.append("file", new File([bytes], name));
    expect((await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form })).status).toBe(201);
  }
  await lan.json("POST", `/api/books/${book.id}/shares`, {});
  await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { topicIds: [topic.id] });
  await createClient(server.url).json("POST", "/api/auth/login", { username: "lan", password: "wrong-one" });
  await server.kill();
  database = new pg.Client({ connectionString: postgres.url });
  await database.connect();
}, 90_000);

afterAll(async () => {
  await database?.end();
  await server?.stop();
  await Promise.all([postgres?.stop(), s3?.remove()]);
});

describe("npm run db:copy", () => {
  it("copies every row with its id and every file with its bytes, and checks both", async () => {
    const copy = await dbCopy(
      "--from",
      `sqlite:${server.dataDir}`,
      "--to",
      postgres.url,
      "--media-to",
      `s3://${s3.bucket}/media/`,
    );
    expect(copy.output).toContain("Copy complete and checked");
    expect(copy.code).toBe(0);
    const expected = Object.fromEntries(
      tables().map((t) => [t, Number(sqliteRows(`select count(*) as n from ${t}`)[0]!.n)]),
    );
    expect(await countsIn()).toEqual(expected);
    for (const t of ["users", "books", "stories", "media", "shares", "storyteller_links", "rate_limits"])
      expect(expected[t], t).toBeGreaterThan(0);

    // The same values in PostgreSQL's own types: times to the millisecond, flags, JSON.
    const [story] = sqliteRows("select * from stories");
    const { rows } = await database.query("select * from stories where id = $1", [story!.id]);
    expect(rows[0]).toMatchObject({
      title: "Dòng sông",
      content: story!.content,
      status: story!.status,
      has_images: true,
      has_audio: true,
    });
    expect((rows[0].updated_at as Date).getTime()).toBe(story!.updated_at);
    const [link] = sqliteRows("select topic_ids from storyteller_links");
    const copiedLink = await database.query("select topic_ids from storyteller_links");
    expect(copiedLink.rows[0].topic_ids).toEqual(JSON.parse(String(link!.topic_ids)));
    const [user] = sqliteRows("select password_hash from users where username = 'lan'");
    const copiedUser = await database.query("select password_hash from users where username = 'lan'");
    expect(copiedUser.rows[0].password_hash).toBe(user!.password_hash);

    // The planner's statistics are gathered, not left to autovacuum a minute later.
    const unanalyzed = await database.query("select relname from pg_stat_user_tables where last_analyze is null");
    expect(unanalyzed.rows).toEqual([]);

    // New rows go on after the copied ids.
    const maxBook = Number(sqliteRows("select max(id) as n from books")[0]!.n);
    const next = await database.query(
      "insert into books (user_id, title, created_at, updated_at) select id, 'Sổ mới', now(), now() " +
        "from users where username = 'lan' returning id",
    );
    expect(next.rows[0].id).toBeGreaterThan(maxBook);
    await database.query("delete from books where id = $1", [next.rows[0].id]);

    // Every file the disk held is in the bucket, byte for byte.
    const onDisk = ["files", "covers"].flatMap((folder) =>
      fs.readdirSync(path.join(server.dataDir, "media", folder)).map((name) => `${folder}/${name}`),
    );
    expect(onDisk.length).toBe(4); // a photo, its thumbnail, a recording, a cover
    expect(await s3.keys()).toEqual([...onDisk].sort());
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID!, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY! },
    });
    for (const key of onDisk) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `media/${key}` }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      const original = fs.readFileSync(path.join(server.dataDir, "media", key));
      expect(crypto.createHash("sha256").update(bytes).digest("hex"), key).toBe(
        crypto.createHash("sha256").update(original).digest("hex"),
      );
    }
    client.destroy();
  });

  it("refuses to copy into a database that is not empty, and changes nothing", async () => {
    const before = await countsIn();
    const again = await dbCopy("--from", `sqlite:${server.dataDir}`, "--to", postgres.url);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/PostgreSQL database is not empty \(users has \d+ rows\)/);
    expect(await countsIn()).toEqual(before);
  });

  it("says how to use it when asked wrongly", async () => {
    const wrong = await dbCopy("--from", server.dataDir, "--to", postgres.url);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("usage: npm run db:copy -- --from sqlite:DATA_DIR --to postgres://");
  });
});
