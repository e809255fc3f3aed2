import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { ensurePrivateDirSync, PRIVATE_FILE_MODE, tightenIfPresent } from "~db/private-files.server";

let cached: string | undefined;

/**
 * The cookie-signing secret: SESSION_SECRET when set, otherwise one generated on first start
 * and kept in DATA_DIR so that sessions survive a restart.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  if (env().SESSION_SECRET) return (cached = env().SESSION_SECRET!);
  const file = path.join(env().dataDir, "secrets.json");
  try {
    cached = JSON.parse(fs.readFileSync(file, "utf8")).sessionSecret as string;
  } catch {
    ensurePrivateDirSync(env().dataDir);
    cached = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, JSON.stringify({ sessionSecret: cached }), { mode: PRIVATE_FILE_MODE });
  }
  tightenIfPresent([file]); // also one an older version wrote
  return cached;
}
