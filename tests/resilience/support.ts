import crypto from "node:crypto";
import path from "node:path";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { createClient, loginAs, type Client } from "../support/http";
import { ADMIN_PASSWORD, filesUnder, type RunningServer } from "../support/server";

// Shared by the resilience suite: many signed-in users, the database read beside the running server (SQLite's file
// or the suite's PostgreSQL, tests/support/test-database.ts), and story texts whose integrity can be checked after a
// crash.

export const PASSWORD = "secret-resilience";

/** Runs `work` on every item with at most `limit` at a time (logins hash passwords: two cores). */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * Ordinary users created by the admin through the API (as the admin page does), each signed in with
 * its own session. Logins are distinct accounts and succeed, so the login rate limits (which count
 * failures) are not involved.
 */
export async function createSignedInUsers(
  server: RunningServer,
  names: string[],
): Promise<{ name: string; id: number; client: Client }[]> {
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  return inBatches(names, 4, async (name) => {
    const created = await admin.json("POST", "/api/admin/create-user", {
      username: name,
      email: `${name}@example.com`,
      password: PASSWORD,
    });
    if (created.status !== 201) throw new Error(`create-user ${name}: ${created.status} ${await created.text()}`);
    const client = createClient(server.url);
    const user = await loginAs(client, name, PASSWORD);
    return { name, id: user.id, client };
  });
}

/** A book with one topic for `client`; returns their ids. */
export async function bookWithTopic(client: Client, title: string): Promise<{ bookId: number; topicId: number }> {
  const book = await client.json("POST", "/api/books", { title, language: "en" });
  if (book.status !== 201 && book.status !== 200) throw new Error(`create book: ${book.status} ${await book.text()}`);
  const bookId = ((await book.json()) as { id: number }).id;
  const topic = await client.json("POST", `/api/books/${bookId}/topics`, { title: `${title} topic` });
  if (topic.status !== 201 && topic.status !== 200)
    throw new Error(`create topic: ${topic.status} ${await topic.text()}`);
  return { bookId, topicId: ((await topic.json()) as { id: number }).id };
}

/**
 * How many rows `table` holds, read beside the running server (either engine): the rows themselves are the proof, not
 * what the API says about them. count(*) is a number on SQLite and a string (a bigint) on PostgreSQL.
 */
export async function rowCount(server: RunningServer, table: string): Promise<number> {
  const [row] = await server.database.query<{ n: number | string }>(`select count(*) as n from "${table}"`);
  return Number(row!.n);
}

/** Every file under DATA_DIR/media with its size, sorted. */
export const mediaFiles = (dataDir: string): string[] => filesUnder(path.join(dataDir, "media"));

const sha = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/**
 * A story text that proves itself whole: a body of `length` characters (Vietnamese letters included,
 * so multi-byte UTF-8 is exercised) followed by the title's and body's SHA-256. A text cut short, or
 * glued to another story's, no longer verifies.
 */
export function checkedContent(title: string, length: number, seed: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz ăâđêôơư ÁÀẢÃẠ ";
  let body = "";
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    body += alphabet[state % alphabet.length];
  }
  return `${body}\n#${sha(title + body)}`;
}

export function contentIsWhole(title: string, content: string): boolean {
  const cut = content.lastIndexOf("\n#");
  if (cut < 0) return false;
  return content.slice(cut + 2) === sha(title + content.slice(0, cut));
}

/** Every string of the English and Vietnamese resources: an /api error message must be one of them. */
export const translatedMessages: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") out.add(value);
    else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
  };
  walk(en);
  walk(vi);
  return out;
})();

export { en, vi };
