import { createSession, deleteSession, REMEMBER_ME_MS } from "~/models/session.server";
import { sessionSecret } from "~/platform/secrets.server";
import { signedCookie, type SignedCookie } from "~/http/signed-cookie.server";

let cookie: SignedCookie | undefined;

// Built on first use: the secret may be generated into DATA_DIR, which is only known at run time.
function sessionCookie(): SignedCookie {
  cookie ??= signedCookie({ name: "heirloom_session", secret: sessionSecret });
  return cookie;
}

export function readSessionToken(request: Request): string | null {
  return sessionCookie().read(request.headers.get("Cookie"));
}

/** A fresh session id at every login; Max-Age only with "Remember me", else it ends with the browser. */
export async function startSession({ userId, remember }: { userId: number; remember: boolean }): Promise<string> {
  const token = await createSession({ userId, persistent: remember });
  return sessionCookie().serialize(token, remember ? { maxAge: REMEMBER_ME_MS / 1000 } : {});
}

/** Deletes the server-side row, so the old cookie stops working even if a copy survives. */
export async function endSession(request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token) await deleteSession(token);
  return sessionCookie().clear();
}
