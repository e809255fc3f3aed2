// npm run db:copy -- --from sqlite:./data --to postgres://user@host/db [--media-to s3://bucket/prefix]
//
// Moves an installation onto PostgreSQL (issue 21, ADR 0032): every row of the SQLite database in the given DATA_DIR,
// with its id, into an empty PostgreSQL database (migrated first), and with --media-to (or MEDIA_STORE) its photos,
// recordings and covers into that S3-compatible bucket (S3_ENDPOINT, S3_REGION and the AWS_* credentials, as the app
// reads them). The counts of every table and the SHA-256 of every file are compared after the copy. It refuses a
// database that is not empty. Stop the app first, or at least expect what it writes meanwhile not to be copied.
import path from "node:path";
import { CopyRefused, copyInstallation } from "../db/copy-installation.server";
import { mediaStoreSettings } from "../db/media-store/settings";

const USAGE =
  "usage: npm run db:copy -- --from sqlite:DATA_DIR --to postgres://user@host:port/database " +
  "[--media-to s3://bucket/prefix]";

function options(args: string[]) {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i]!, args[i + 1]];
    if (!["--from", "--to", "--media-to"].includes(name) || value === undefined || values.has(name))
      throw new CopyRefused(USAGE);
    values.set(name, value);
  }
  const from = values.get("--from");
  const to = values.get("--to");
  if (!from?.startsWith("sqlite:") || !to || !/^postgres(ql)?:\/\//.test(to)) throw new CopyRefused(USAGE);
  // A relative DATA_DIR is read from where the command was typed (npm keeps it in INIT_CWD).
  const dataDir = path.resolve(process.env.INIT_CWD || process.cwd(), from.slice("sqlite:".length));
  const mediaStore = values.get("--media-to") ?? process.env.MEDIA_STORE;
  return { dataDir, postgresUrl: to, mediaTo: mediaStoreSettings({ ...process.env, MEDIA_STORE: mediaStore }) };
}

try {
  const { dataDir, postgresUrl, mediaTo } = options(process.argv.slice(2));
  const where = new URL(postgresUrl);
  console.log(`Copying ${dataDir} into PostgreSQL at ${where.host}${where.pathname}`);
  const report = await copyInstallation({ dataDir, postgresUrl, mediaTo, log: (line) => console.log(line) });
  const rows = Object.values(report.rows).reduce((sum, n) => sum + n, 0);
  if (!report.media) console.log(`Media stay in ${path.join(dataDir, "media")}: give --media-to to move them too.`);
  else if (report.media.missing.length)
    console.warn(`Warning: ${report.media.missing.length} file(s) named by the database were not there to copy.`);
  console.log(`Copy complete and checked: ${rows} rows${report.media ? `, ${report.media.files} media files` : ""}.`);
} catch (error) {
  console.error(
    `db:copy: ${error instanceof CopyRefused ? error.message : error instanceof Error ? error.stack : error}`,
  );
  process.exit(1);
}
