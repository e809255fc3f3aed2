import { createCookie, type Cookie } from "react-router";
import { createSession, deleteSession, REMEMBER_ME_MS } from "~/models/session.server";
import { env } from "./env.server";
import { sessionSecret } from "./secrets.server";

let cookie: Cookie | undefined;

// Built on first use: the secret may be generated into DATA_DIR, which is only known at run time.
function sessionCookie(): Cookie {
  cookie ??= createCookie("heirloom_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().cookieSecure,
    secrets: [sessionSecret()],
  });
  return cookie;
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** A fresh session id at every login; Max-Age only with "Remember me", else it ends with the browser. */
export async function startSession({ userId, remember }: { userId: number; remember: boolean }): Promise<string> {
  const token = createSession({ userId, persistent: remember });
  return sessionCookie().serialize(token, remember ? { maxAge: REMEMBER_ME_MS / 1000 } : {});
}

/** Deletes the server-side row, so the old cookie stops working even if a copy survives. */
export async function endSession(request: Request): Promise<string> {
  const token = await readSessionToken(request);
  if (token) deleteSession(token);
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
