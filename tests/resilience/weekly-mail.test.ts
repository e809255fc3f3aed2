import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";
import { inBatches } from "./support";

// Issue 37, §4: the weekly question is a job in the database, not a timer in a process. Two app servers on one
// database (one PostgreSQL in `resilience-pg`, one DATA_DIR in `resilience`) each run the job loop over 50 due
// schedules, and each email reaches the relay exactly once. A server killed in the middle of handing an email to the
// relay leaves it to the next server, which sends it once, under the Message-ID stored before the first try.
const LINKS = 50;

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let first: RunningServer;
let second: RunningServer | undefined;
let lan: Client;
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  env = {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Heirloom <family@heirloom.example>",
    SESSION_SECRET: "weekly-mail-secret-weekly-mail-secret",
  };
  first = await startServer(env);
  const admin = createClient(first.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  await admin.json("POST", "/api/admin/create-user", {
    username: "lan",
    email: "lan@example.com",
    password: "secret1",
  });
  lan = createClient(first.url);
  await loginAs(lan, "lan", "secret1");
});
afterAll(async () => {
  await second?.kill();
  await first?.stop();
  await smtp?.close();
});

/** A book with one question, and `count` links to it, each with her own address. */
async function linksWithEmail(prefix: string, count: number): Promise<{ id: number; email: string }[]> {
  const book = (await (await lan.json("POST", "/api/books", { title: `Sách ${prefix}`, language: "vi" })).json()) as {
    id: number;
  };
  const topic = (await (
    await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" })
  ).json()) as { id: number };
  await lan.json("POST", `/api/topics/${topic.id}/questions`, { question: "Bà sinh ra ở đâu?" });
  return inBatches(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const email = `${prefix}${i}@example.com`;
      const link = (await (
        await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: `Bà ${i}` })
      ).json()) as { id: number };
      const schedule = { weekdays: [0, 1, 2, 3, 4, 5, 6], time: "09:00", timeZone: "Asia/Ho_Chi_Minh" };
      const put = await lan.json("PUT", `/api/storyteller-links/${link.id}`, { email, schedule });
      expect(put.status).toBe(200);
      return { id: link.id, email };
    },
  );
}

const receivedBy = (email: string) => smtp.received.filter((mail) => mail.rcptTo.includes(email));

describe("the weekly question's jobs", () => {
  it("send each of 50 due questions exactly once with two servers running the loop", async () => {
    second = await startServer(
      { ...env, ...(first.database.url ? { DATABASE_URL: first.database.url } : {}) },
      first.database.url ? {} : { dataDir: first.dataDir },
    );
    const links = await linksWithEmail("due", LINKS);
    // The time comes for all of them at once: moved in the database, not waited for.
    const ids = links.map((link) => link.id);
    const inIds = `in (${ids.map(() => "?").join(", ")})`;
    await first.database.query(`update storyteller_links set next_send_at = ? where id ${inIds}`, [
      new Date(Date.now() - 1000),
      ...ids,
    ]);
    await smtp.until(() => links.every((link) => receivedBy(link.email).length > 0));
    // The relay said yes before the server wrote it down: wait until every row is settled.
    const statuses = async () =>
      (
        await first.database.query<{ status: string; n: number | string }>(
          `select status, count(*) as n from mail_messages where link_id ${inIds} group by status`,
          ids,
        )
      ).map((row) => [row.status, Number(row.n)]);
    await expect.poll(statuses, { timeout: 30_000 }).toEqual([["sent", LINKS]]);
    for (const link of links) expect(receivedBy(link.email), link.email).toHaveLength(1);
    const sends = await first.database.query<{ n: number | string }>(
      `select count(*) as n from question_sends where link_id ${inIds}`,
      ids,
    );
    expect(Number(sends[0]!.n)).toBe(LINKS);
  });

  it("sends once, under its stored Message-ID, an email whose server was killed while handing it over", async () => {
    await second?.kill();
    second = undefined;
    const [link] = await linksWithEmail("killed", 1);
    smtp.hold();
    const sent = await lan.json("POST", `/api/storyteller-links/${link!.id}/send`);
    expect(sent.status).toBe(202);
    await smtp.until(() => smtp.heldCount() > 0);
    await first.kill("SIGKILL");
    smtp.accept();
    const [stored] = await first.database.query<{ message_id: string; status: string }>(
      "select message_id, status from mail_messages where link_id = ?",
      [link!.id],
    );
    expect(stored!.status).toBe("queued");
    // The dead server's lease runs out: moved in the database, not waited for.
    await first.database.query("update mail_messages set lease_until = ? where link_id = ?", [
      new Date(Date.now() - 1000),
      link!.id,
    ]);
    first = await startServer(env, { dataDir: first.dataDir });
    await smtp.until(() => receivedBy(link!.email).length > 0);
    const status = async () =>
      (
        await first.database.query<{ status: string }>("select status from mail_messages where link_id = ?", [link!.id])
      )[0]?.status;
    await expect.poll(status, { timeout: 30_000 }).toBe("sent");
    expect(receivedBy(link!.email)).toHaveLength(1);
    expect(receivedBy(link!.email)[0]!.parsed.messageId).toBe(stored!.message_id);
  });
});
