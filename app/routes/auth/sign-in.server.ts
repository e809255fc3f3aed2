import { AsyncLocalStorage } from "node:async_hooks";
import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { checkPassword, findUsersByLogin, recordLogin } from "~/models/user.server";
import type { User } from "~db/schema";
import { clientAddressContext } from "~/http/client-address.server";
import { admitLoginAttempt } from "./login-throttle.server";
import { nameKey } from "~/lib/names";
import { endSession, startSession } from "../../http/session.server";
import type { loginSchema } from "~/lib/validation";

/** A sign-in form as `loginSchema` gave it, once, to the page's action or /api's. */
export type LoginInput = z.infer<typeof loginSchema>;

/** A signed-in user, and the headers that end any earlier session and start the new one. */
export type SignedIn = { user: User; headers: Headers };

/**
 * A sign-in that did not happen: 401 for a wrong name or password, 429 for too many attempts (with
 * Retry-After). `headers` end any session the visitor had.
 */
export class LoginRefused extends Error {
  constructor(
    readonly status: 401 | 429,
    readonly messageKey: MessageKey,
    readonly headers: Headers,
  ) {
    super(messageKey);
    this.name = "LoginRefused";
  }
}

/** What the password strategy checks: the parsed form, who sent it (their address) and their request's cookie. */
type Attempt = { input: LoginInput; client: string; request: Request };

/**
 * The check (ADR 24): any current session is ended first, the attempt is counted before the password is checked
 * (app/routes/auth/login-throttle.server.ts), and success starts a new session.
 */
async function verify({ input, client, request }: Attempt): Promise<SignedIn> {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  const { username, password, rememberMe } = input;

  const candidates = await findUsersByLogin(username);
  // An account is counted by its id, so its username and its email share one count; a name that
  // matches no account is counted by its key, and answers exactly as an account would.
  const accounts = candidates.length ? candidates.map((user) => `user:${user.id}`) : [`name:${nameKey(username)}`];
  const admission = await admitLoginAttempt({ accounts, client });
  if (!admission.admitted) {
    headers.set("Retry-After", String(admission.retryAfterSeconds));
    throw new LoginRefused(429, "login.tooManyAttempts", headers);
  }

  const user = await checkPassword(candidates, password);
  if (!user) throw new LoginRefused(401, "login.invalidCredentials", headers);

  await admission.succeeded();
  const fresh = await recordLogin(user.id);
  headers.set("Set-Cookie", await startSession({ userId: user.id, remember: rememberMe }));
  return { user: fresh, headers };
}

/**
 * What remix-auth cannot carry in a request: the form the action has already read and parsed, and the client
 * address from the router context. remix-auth's README passes such things to a strategy through AsyncLocalStorage.
 */
const attempts = new AsyncLocalStorage<Omit<Attempt, "request">>();

/** A name and password, checked against the form the action parsed (never the request's body, already read). */
class PasswordStrategy extends Strategy<SignedIn, Attempt> {
  name = "password";

  authenticate(request: Request): Promise<SignedIn> {
    const attempt = attempts.getStore();
    if (!attempt) throw new Error("the password strategy runs through signIn, which hands it the parsed form");
    return this.verify({ ...attempt, request });
  }
}

const authenticator = new Authenticator<SignedIn>().use(new PasswordStrategy(verify));

/**
 * The one sign-in behind the page and /api: remix-auth's Authenticator with the password strategy, given the form
 * the caller read within its cap (app/http/request-body.server.ts) and parsed with `loginSchema`. Throws
 * LoginRefused when the sign-in does not happen.
 */
export function signIn(request: Request, context: Readonly<RouterContextProvider>, input: LoginInput) {
  const client = context.get(clientAddressContext);
  return attempts.run({ input, client }, () => authenticator.authenticate("password", withoutBody(request)));
}

/**
 * The visitor's request without its body: remix-auth copies the request it is handed, and a body already read
 * cannot be copied. The strategy reads only its cookie.
 */
const withoutBody = (request: Request) =>
  new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });
