import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { checkPassword, findUsersByLogin, recordLogin } from "~/models/user.server";
import type { User } from "~db/schema";
import { clientAddressContext } from "~/lib/client-address.server";
import { admitLoginAttempt } from "./login-throttle.server";
import { nameKey } from "~/lib/names";
import { endSession, startSession } from "./session.server";
import { loginSchema } from "~/lib/validation";

type Context = Readonly<RouterContextProvider>;

/** A signed-in user, and the headers that end any earlier session and start the new one. */
export type SignedIn = { user: User; headers: Headers };

/**
 * A sign-in that did not happen: 401 for a wrong name or password, 429 for too many attempts (with
 * Retry-After), 400 for a post that is not a sign-in form. `headers` end any session the visitor had.
 */
export class LoginRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly messageKey: MessageKey,
    readonly headers: Headers,
  ) {
    super(messageKey);
    this.name = "LoginRefused";
  }
}

/**
 * The form strategy's check (ADR 24): any current session is ended first, the attempt is counted before
 * the password is checked (app/services/login-throttle.server.ts), and success starts a new session.
 */
async function verify(form: FormData, request: Request, context: Context): Promise<SignedIn> {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  const input = loginSchema.safeParse(Object.fromEntries(form));
  if (!input.success) throw new LoginRefused(400, "errors.invalid", headers);
  const { username, password, rememberMe } = input.data;

  const candidates = await findUsersByLogin(username);
  // An account is counted by its id, so its username and its email share one count; a name that
  // matches no account is counted by its key, and answers exactly as an account would.
  const accounts = candidates.length ? candidates.map((user) => `user:${user.id}`) : [`name:${nameKey(username)}`];
  const admission = await admitLoginAttempt({ accounts, client: context.get(clientAddressContext) });
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
 * remix-auth's verify function receives the form and the request, not the request's context, and the
 * attempt is counted by the client address the context holds: so each sign-in has its own authenticator.
 */
function authenticatorFor(context: Context): Authenticator<SignedIn> {
  return new Authenticator<SignedIn>().use(
    new FormStrategy<SignedIn>(({ form, request }) => verify(form, request, context)),
    "form",
  );
}

/**
 * The one sign-in behind the page and /api: a remix-auth Authenticator with the form strategy. The form
 * has already been read within its cap by the body reader (app/lib/request-body.server.ts): the strategy
 * is handed a request that carries that form, and the visitor's cookie so that a current session ends.
 * Throws LoginRefused when the sign-in does not happen.
 */
export function signIn(request: Request, context: Context, form: FormData): Promise<SignedIn> {
  const cookie = request.headers.get("Cookie");
  // Urlencoded, not multipart: multipart turns a bare line feed in a value into CR LF, and a password
  // set through /api may hold one.
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams([...form].map(([name, value]) => [name, String(value)])),
  });
  return authenticatorFor(context).authenticate("form", formRequest);
}

/** /api's JSON sign-in as the form the strategy reads. */
export function loginForm({ username, password, rememberMe }: z.infer<typeof loginSchema>): FormData {
  const form = new FormData();
  form.set("username", username);
  form.set("password", password);
  if (rememberMe) form.set("rememberMe", "on");
  return form;
}
