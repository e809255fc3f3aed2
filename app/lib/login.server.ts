import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { recordLogin, verifyLogin } from "~/models/user.server";
import type { User } from "~db/schema";
import { clientAddressContext } from "./client-address.server";
import { loginLimiterByAccount, loginLimiterByClient } from "./rate-limit.server";
import { endSession, startSession } from "./session.server";
import type { loginSchema } from "./validation";

export type LoginResult =
  | { ok: true; user: User; headers: Headers }
  | { ok: false; status: 401 | 429; messageKey: MessageKey; headers: Headers };

/**
 * The one login flow behind the page and /api: any current session is ended first,
 * failures are rate-limited per account and per client, and success starts a new session.
 */
export async function attemptLogin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: z.infer<typeof loginSchema>,
): Promise<LoginResult> {
  const headers = new Headers();
  headers.append("Set-Cookie", endSession(request));

  const accountKey = input.username.trim().toLowerCase();
  const clientKey = context.get(clientAddressContext);
  const wait = Math.max(loginLimiterByAccount.retryAfter(accountKey), loginLimiterByClient.retryAfter(clientKey));
  if (wait > 0) {
    headers.set("Retry-After", String(wait));
    return { ok: false, status: 429, messageKey: "login.tooManyAttempts", headers };
  }

  const user = await verifyLogin({ login: input.username, password: input.password });
  if (!user) {
    loginLimiterByAccount.fail(accountKey);
    loginLimiterByClient.fail(clientKey);
    return { ok: false, status: 401, messageKey: "login.invalidCredentials", headers };
  }

  loginLimiterByAccount.reset(accountKey);
  const fresh = recordLogin(user.id);
  headers.set("Set-Cookie", startSession({ userId: user.id, remember: input.rememberMe }));
  return { ok: true, user: fresh, headers };
}
