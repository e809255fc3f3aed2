// The weekly question's mail (issue 37): 10,000 storyteller links whose weekly question comes due in the same minute,
// sent through a local SMTP server (smtp-server, in this process) by the real production server's job loop. It
// measures the time from the moment they come due until the relay has accepted the last message, how many it accepted
// (each exactly once), and /healthz meanwhile, as another user meets the server. Part of `npm run bench`; alone:
// `node scripts/bench/mail.mjs [--links 10000]`.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { loginAsAdmin } from "./fixtures.mjs";
import { cleanupAll, cpuPlan, startHeirloom, tempDir } from "./processes.mjs";
import { percentile, sampleDuring } from "./sampling.mjs";

const ADMIN_PASSWORD = "bench-admin-password-4";
export const MAIL_BENCH_LINKS = 10_000;
/** The design's budget (docs/bench.md): all sent within 10 minutes, and /healthz's p99 under 200 ms meanwhile. */
export const MAIL_BUDGETS = { allSentMs: 600_000, healthzP99Ms: 200 };

/** The relay: accepts every message and counts it by recipient, so that a second copy would show. */
async function startRelay() {
  const byRecipient = new Map();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        accepted += 1;
        for (const to of session.envelope.rcptTo) byRecipient.set(to.address, (byRecipient.get(to.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted: () => accepted,
    byRecipient,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** One link made through the API as the owner makes it (its token sealed by the server), her email, a schedule. */
async function firstLink(origin, cookie) {
  const headers = { Cookie: cookie, Origin: origin, "Content-Type": "application/json" };
  const call = async (method, pathname, body) => {
    const response = await fetch(new URL(pathname, origin), { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const book = await call("POST", "/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await call("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" });
  await call("POST", `/api/topics/${topic.id}/questions`, { question: "Bà nhớ gì nhất về ngôi nhà thời thơ ấu?" });
  const link = await call("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
  const schedule = { weekdays: [0, 1, 2, 3, 4, 5, 6], time: "09:00", timeZone: "Asia/Ho_Chi_Minh" };
  await call("PUT", `/api/storyteller-links/${link.id}`, { email: "ba0@example.com", schedule });
  return link.id;
}

/**
 * The other links, written straight into the SQLite file as copies of the first (its sealed token, so each email
 * carries a door), each with her own address. Answers the book they belong to.
 */
function cloneLinks(dataDir, linkId, count) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const link = db.prepare("SELECT * FROM storyteller_links WHERE id = ?").get(linkId);
    const insert = db.prepare(
      "INSERT INTO storyteller_links (book_id, token_hash, name, address, topic_ids, created_at, expires_at, " +
        "email, schedule, token_sealed, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    db.transaction(() => {
      for (let i = 1; i < count; i++)
        insert.run(
          link.book_id,
          crypto.randomBytes(32).toString("hex"),
          `Bà ${i}`,
          link.address,
          link.topic_ids,
          link.created_at,
          link.expires_at,
          `ba${i}@example.com`,
          link.schedule,
          link.token_sealed,
          link.origin,
        );
    })();
    return link.book_id;
  } finally {
    db.close();
  }
}

/** Every link of the book due now, in one statement: the minute they all come due. */
function makeDue(dataDir, bookId) {
  const db = new Database(path.join(dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const due = Date.now();
    db.prepare("UPDATE storyteller_links SET next_send_at = ? WHERE book_id = ?").run(due, bookId);
    return due;
  } finally {
    db.close();
  }
}

export async function benchMail({ cpus = cpuPlan(), log = console.log, links = MAIL_BENCH_LINKS } = {}) {
  const relay = await startRelay();
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-mail-");
  log("mail: starting Heirloom with a local SMTP relay");
  const server = await startHeirloom({
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    cpus,
    label: "Heirloom server (mail bench)",
    env: { SMTP_URL: relay.url, MAIL_FROM: "Heirloom <family@heirloom.example>", PUBLIC_URL: undefined },
  });
  try {
    const cookie = await loginAsAdmin(server.url, ADMIN_PASSWORD);
    const linkId = await firstLink(server.url, cookie);
    // Written before the measure starts: this process's own writing would delay its /healthz probes.
    const bookId = cloneLinks(dataDir, linkId, links);
    for (let i = 0; i < 3; i++) await (await fetch(new URL("/healthz", server.url))).arrayBuffer();
    const sending = await sampleDuring(
      server.url,
      server.child.pid,
      async () => {
        const due = makeDue(dataDir, bookId);
        log(`mail: ${links} weekly questions due at once`);
        const deadline = due + MAIL_BUDGETS.allSentMs * 1.5;
        while (relay.accepted() < links && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        return { ms: Date.now() - due };
      },
      "sending",
    );
    const healthzMs = sending.healthz.map((h) => h.ms);
    const copies = [...relay.byRecipient.values()];
    const result = {
      links,
      allSentMs: relay.accepted() >= links ? sending.result.ms : null,
      accepted: relay.accepted(),
      recipients: relay.byRecipient.size,
      duplicates: copies.filter((n) => n > 1).length,
      healthz: {
        samples: healthzMs.length,
        p99Ms: percentile(healthzMs, 99),
        maxMs: healthzMs.length ? Math.max(...healthzMs) : null,
        failures: sending.healthz.filter((h) => !h.ok).length,
      },
    };
    const problems = [
      result.recipients < links && `only ${result.recipients} of ${links} storytellers got their question`,
      result.duplicates > 0 && `${result.duplicates} storytellers got their question more than once`,
      result.healthz.failures > 0 && `${result.healthz.failures} /healthz requests failed`,
    ].filter(Boolean);
    result.problems = problems;
    result.valid = problems.length === 0;
    log(
      `mail: ${result.accepted} messages to ${result.recipients} storytellers in ` +
        `${Math.round(sending.result.ms / 1000)} s; ` +
        `/healthz p99 ${Math.round(result.healthz.p99Ms ?? Number.NaN)} ms, ` +
        `max ${Math.round(result.healthz.maxMs ?? Number.NaN)} ms over ${result.healthz.samples} requests` +
        (result.valid ? "" : ` (INVALID: ${problems.join("; ")})`),
    );
    return result;
  } catch (error) {
    throw new Error(`${error.message}\nThe server's last output:\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
    await relay.close();
  }
}

/** Budgets for report.mjs: a storyteller who got none, or two, makes the run INVALID. */
export function mailBudgets(mail) {
  const orNone = (value) => value ?? Number.POSITIVE_INFINITY;
  return [
    {
      id: "mail.sent",
      metric: `${mail.links} weekly questions sent`,
      value: orNone(mail.allSentMs),
      max: MAIL_BUDGETS.allSentMs,
      unit: "ms",
    },
    {
      id: "mail.healthz",
      metric: "/healthz while sending, p99",
      value: orNone(mail.healthz.p99Ms),
      max: MAIL_BUDGETS.healthzP99Ms,
      unit: "ms",
    },
  ].map((budget) => ({ ...budget, page: "weekly mail", source: "issue 37", valid: mail.valid }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.on("exit", cleanupAll);
  const { values } = parseArgs({ options: { links: { type: "string", default: String(MAIL_BENCH_LINKS) } } });
  try {
    const mail = await benchMail({ links: Number(values.links) });
    for (const budget of mailBudgets(mail)) {
      const within = budget.value <= budget.max;
      const status = !budget.valid ? "INVALID" : within ? "ok" : "OVER BUDGET";
      const figure = `${Math.round(budget.value)} ${budget.unit}`;
      console.log(`${status}: ${budget.metric} ${figure}, budget ≤ ${budget.max}`);
    }
    cleanupAll();
    process.exit(0);
  } catch (error) {
    console.error(`mail bench failed: ${error.stack ?? error}`);
    cleanupAll();
    process.exit(1);
  }
}
