import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { prepareDatabase } from "~db/client.server";
import { mediaFilesDir, retryMediaDeletions, uploadTmpDir } from "~/models/media-storage.server";
import { backfillStoredSizes, coversDir } from "~/models/media.server";
import { backfillMediaMeasures } from "~/models/media-measures.server";
import { ORPHAN_AFTER_MS, sweepOrphanedMediaInTurn } from "~/models/media-orphans.server";
import { purgeSpentAttempts } from "~/models/rate-limit.server";
import { purgeExpiredSessions } from "~/models/session.server";
import { ensureAdmin } from "~/models/user.server";
import { normaliseStoredNames } from "~/models/user-names.server";
import { env } from "~/platform/env.server";
import { ensurePrivateDir, tightenTree } from "~db/private-files.server";
import { watchEventLoop } from "~/platform/event-loop-watch.server";
import { sessionSecret } from "~/platform/secrets.server";
import { startWeeklyJobs } from "~/routes/storyteller/weekly-jobs.server";
import { takeRawReply } from "~/routes/storyteller/reply-intake.server";
import { startInboundSmtp } from "~/platform/inbound-smtp.server";
import { INBOUND_MAIL_MAX_BYTES } from "~/http/body-caps";

/**
 * A file still in use was written to less than this long ago: an upload's request must arrive whole within Node's
 * `requestTimeout` (5 minutes), an imported zip is read within minutes of arriving, and a photo's `*.tmp` is renamed
 * as soon as it is written.
 */
const UNFINISHED_AFTER_MS = 60 * 60 * 1000;

/**
 * What a crash (or a kill) can leave under DATA_DIR/media: uploads that were streaming into media/tmp,
 * and photos written as `*.tmp` before being renamed into place. Another process may be serving from the same
 * DATA_DIR (ADR 0031), so only files nothing has written to for `UNFINISHED_AFTER_MS` are removed: at start, and then
 * as often while the server runs.
 */
async function sweepInterruptedWrites(now = Date.now()): Promise<void> {
  const candidates = [
    ...(await fs.readdir(uploadTmpDir()).catch(() => [])).map((name) => path.join(uploadTmpDir(), name)),
    ...(await fs.readdir(mediaFilesDir()).catch(() => []))
      .filter((name) => name.endsWith(".tmp"))
      .map((name) => path.join(mediaFilesDir(), name)),
  ];
  const stale = await Promise.all(
    candidates.map(async (file) => {
      const stat = await fs.stat(file).catch(() => null);
      return stat && now - stat.mtimeMs >= UNFINISHED_AFTER_MS ? file : null;
    }),
  );
  const leftovers = stale.filter((file) => file !== null);
  await Promise.all(leftovers.map((file) => fs.rm(file, { recursive: true, force: true })));
  if (leftovers.length)
    console.log(`Removed ${leftovers.length} unfinished upload file(s) left by an interrupted run.`);
}

/** Names stored before usernames and emails became one namespace: normalised, and any shared one named. */
async function reportNames(): Promise<void> {
  const { normalised, conflicts } = await normaliseStoredNames();
  if (normalised.length)
    console.log(`Normalised the stored username or email of ${normalised.length} user(s) (NFKC, lower case).`);
  for (const { name, userIds } of conflicts) {
    console.warn(
      `Users ${userIds.join(" and ")} share the sign-in name "${name}": rename one of them on the admin page.`,
    );
  }
}

async function startup(): Promise<void> {
  const config = env(); // a bad variable stops the start here, named in the error
  // libvips' operation cache keeps up to 50 MB of decoded images for a repeat of the same operation, which never comes:
  // every photo is converted once, when it is kept or first printed. Without it, the first printing of a book of 50
  // older photos peaked at 415 MB instead of 457 (`node scripts/bench/pdf.mjs --older-photos`).
  sharp.cache(false);
  if (config.aiProvider === "openai") {
    // The origin only: a URL may carry credentials.
    const server = config.OPENAI_BASE_URL ? new URL(config.OPENAI_BASE_URL).origin : "OpenAI";
    console.log(`AI: model ${config.aiModel} on ${server}`);
  }
  // Opens the database and applies pending migrations: SQLite's file in DATA_DIR (0700, the file 0600), or the
  // PostgreSQL of DATABASE_URL (issue 21, ADR 0032).
  await prepareDatabase();
  sessionSecret();
  // DATA_DIR and the media folders 0700 before any upload streams into them, also folders an older version made
  // 0755 (on PostgreSQL, nothing else opens DATA_DIR at start).
  for (const dir of [config.dataDir, path.join(config.dataDir, "media"), mediaFilesDir(), uploadTmpDir(), coversDir()])
    await ensurePrivateDir(dir);
  // The printed books and print copies an older version left readable by others (issue 35).
  await tightenTree(path.join(config.dataDir, "cache"));
  await purgeExpiredSessions();
  await purgeSpentAttempts();
  await reportNames();
  await sweepInterruptedWrites();
  // A media store out of reach (ADR 0033) does not stop the start: pages render without it, and the next start
  // measures what this one could not.
  const measured = await backfillStoredSizes().catch((error: unknown) => {
    console.error("Measuring stored files for the storage quota failed", error);
    return 0;
  });
  if (measured) console.log(`Measured ${measured} stored file(s) for the storage quota.`);
  setInterval(
    () =>
      void purgeExpiredSessions().catch((error: unknown) => console.error("Purging expired sessions failed", error)),
    24 * 60 * 60 * 1000,
  ).unref();
  setInterval(() => void purgeSpentAttempts().catch(() => {}), 5 * 60 * 1000).unref();
  setInterval(() => void sweepInterruptedWrites().catch(() => {}), UNFINISHED_AFTER_MS).unref();
  // Files whose owner was deleted while the media store was out of reach (ADR 0033).
  const retryDeletions = () =>
    retryMediaDeletions().then(
      (removed) => removed && console.log(`Removed ${removed} file(s) whose deletion waited for the media store.`),
      (error: unknown) => console.error("Removing files from the media store failed", error),
    );
  void retryDeletions();
  setInterval(() => void retryDeletions(), 15 * 60 * 1000).unref();
  // Files a crash left without their row (ADR 0033): looked for in the background, once a day by one of the servers.
  const removeOrphans = () =>
    sweepOrphanedMediaInTurn().then(
      (removed) =>
        removed && console.log(`Removed ${removed} stored file(s) that nothing names, left by an interrupted upload.`),
      (error: unknown) => console.error("Looking for stored files that nothing names failed", error),
    );
  void removeOrphans();
  setInterval(() => void removeOrphans(), ORPHAN_AFTER_MS).unref();
  // Weekly questions and their mail (issue 37): durable jobs in the database, shared by every server.
  startWeeklyJobs();
  if (config.INBOUND_SMTP_PORT !== undefined && config.MAIL_REPLY_DOMAIN) {
    const receiver = await startInboundSmtp({
      port: config.INBOUND_SMTP_PORT,
      host: process.env.HOST ?? "0.0.0.0",
      domain: config.MAIL_REPLY_DOMAIN,
      maxBytes: INBOUND_MAIL_MAX_BYTES,
      take: (raw) => takeRawReply(raw),
    });
    const { port } = receiver.server.address() as AddressInfo;
    console.log(`Taking storytellers' replies by SMTP on port ${port} for @${config.MAIL_REPLY_DOMAIN}`);
  }
  const admin = await ensureAdmin(env().ADMIN_PASSWORD);
  if (admin?.generated) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    console.log(
      [
        "",
        "  Heirloom created the administrator account.",
        "    username: admin",
        `    password: ${admin.password}`,
        "  Keep it safe: it will not be shown again. Set ADMIN_PASSWORD before the first start to choose it.",
        "",
      ].join("\n"),
    );
  }
  // From here on, a request that holds the event loop for long is named in the log (ADR 0023).
  watchEventLoop();
  // Not awaited: reading every older photo and recording may take a while, and until it is done a page only
  // lacks a photo's reserved size or a recording's length.
  void backfillMediaMeasures().then(
    (measured) => measured && console.log(`Measured ${measured} older photo(s) and recording(s).`),
    (error: unknown) => console.error("Measuring older media failed", error),
  );
}

/** Resolves when the database is migrated and the admin exists; awaited before serving. */
export const ready: Promise<void> = startup();
