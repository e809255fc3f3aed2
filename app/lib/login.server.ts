import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { checkPassword, findUsersByLogin, recordLogin } from "~/models/user.server";
import type { User } from "~db/schema";
import { clientAddressContext } from "./client-address.server";
import { admitLoginAttempt } from "./login-throttle.server";
import { nameKey } from "./names";
import { endSession, startSession } from "./session.server";
import type { loginSchema } from "./validation";

export type LoginResult =
  | { ok: true; user: User; headers: Headers }
  | { ok: false; status: 401 | 429; messageKey: MessageKey; headers: Headers };

/**
 * The one login flow behind the page and /api: any current session is ended first, the attempt is
 * counted before the password is checked (app/lib/login-throttle.server.ts), and success starts a
 * new session.
 */
export async function attemptLogin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: z.infer<typeof loginSchema>,
): Promise<LoginResult> {
  const headers = new Headers();
  headers.append("Set-Cookie", endSession(request));

  const candidates = findUsersByLogin(input.username);
  // An account is counted by its id, so its username and its email share one count; a name that
  // matches no account is counted by its key, and answers exactly as an account would.
  const accounts = candidates.length ? candidates.map((user) => `user:${user.id}`) : [`name:${nameKey(input.username)}`];
  const admission = await admitLoginAttempt({ accounts, client: context.get(clientAddressContext) });
  if (!admission.admitted) {
    headers.set("Retry-After", String(admission.retryAfterSeconds));
    return { ok: false, status: 429, messageKey: "login.tooManyAttempts", headers };
  }

  const user = await checkPassword(candidates, input.password);
  if (!user) return { ok: false, status: 401, messageKey: "login.invalidCredentials", headers };

  await admission.succeeded();
  const fresh = recordLogin(user.id);
  headers.set("Set-Cookie", startSession({ userId: user.id, remember: input.rememberMe }));
  return { ok: true, user: fresh, headers };
}
