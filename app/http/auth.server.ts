import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { User } from "~db/schema";
import { getSessionUser } from "~/models/session.server";
import { isAdmin } from "~/models/user.server";
import { isDatabaseUnavailable } from "~db/errors";
import { databaseOutOfReach, jsonError, isApiRequest } from "~/http/responses.server";
import { pagePath } from "~/lib/page-url";
import { readSessionToken } from "./session.server";

const userContext = createContext<User | null>(null);

/** Loads the signed-in user once per request, for every loader, action and /api route below root. */
export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  context.set(userContext, token ? await sessionUser(token, request, context) : null);
  return next();
};

/** The session's user; the first read of a request, where a database out of reach becomes its 503 (issue 21). */
async function sessionUser(token: string, request: Request, context: Readonly<RouterContextProvider>) {
  try {
    return await getSessionUser(token);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseOutOfReach(request, context);
    throw error;
  }
}

export function getOptionalUser(context: Readonly<RouterContextProvider>): User | null {
  return context.get(userContext);
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function loginPath(request: Request): string {
  const target = pagePath(request);
  return target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}

/** A page gets a redirect to /login (keeping where it was going); /api gets 401 JSON. */
export function requireUser({ request, context }: Args): User {
  const user = getOptionalUser(context);
  if (user) return user;
  if (isApiRequest(request)) throw jsonError(context, 401, "errors.unauthenticated");
  throw redirect(loginPath(request));
}

/** The admin is decided here, on the server: a page gets /unauthorized, /api gets 403. */
export function requireAdmin(args: Args): User {
  const user = requireUser(args);
  if (isAdmin(user)) return user;
  if (isApiRequest(args.request)) throw jsonError(args.context, 403, "errors.forbidden");
  throw redirect("/unauthorized");
}
