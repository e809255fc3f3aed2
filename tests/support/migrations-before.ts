import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsFolder } from "../../db/migrations-folder.server";

/**
 * A copy of a migrations folder whose journal ends before the migration whose tag ends with `tag`: the database as
 * the release before that migration left it. `cleanup` removes every copy made.
 */
export function migrationsBefore(name: "migrations" | "migrations-pg", tag: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-migrations-"));
  copies.push(copy);
  fs.cpSync(migrationsFolder(name), copy, { recursive: true });
  const journalFile = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (at <= 0) throw new Error(`no migration ${tag} after the first in ${name}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

const copies: string[] = [];

export function removeMigrationCopies() {
  for (const copy of copies.splice(0)) fs.rmSync(copy, { recursive: true, force: true });
}
