import { db } from "~db/client.server";
import { purgeExpiredSessions } from "~/models/session.server";
import { ensureAdmin } from "~/models/user.server";
import { env } from "./env.server";
import { sessionSecret } from "./secrets.server";

async function startup(): Promise<void> {
  const config = env(); // a bad variable stops the start here, named in the error
  if (config.aiProvider === "openai") {
    // The origin only: a URL may carry credentials.
    const server = config.OPENAI_BASE_URL ? new URL(config.OPENAI_BASE_URL).origin : "OpenAI";
    console.log(`AI: model ${config.aiModel} on ${server}`);
  }
  db(); // opens the database and applies pending migrations
  sessionSecret();
  purgeExpiredSessions();
  setInterval(purgeExpiredSessions, 24 * 60 * 60 * 1000).unref();
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
}

/** Resolves when the database is migrated and the admin exists; awaited before serving. */
export const ready: Promise<void> = startup();
