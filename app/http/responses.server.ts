import { data, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "~db/errors";
import { getI18n } from "~/http/i18n-middleware.server";
import { translateKey } from "~/i18n/translate";
import type { MessageKey } from "~/i18n/types";
import { AppError } from "../lib/errors";
import { ID_MAX } from "../lib/limits";

type Context = Readonly<RouterContextProvider>;

export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function translate(context: Context, key: MessageKey, values?: Record<string, string>): string {
  return translateKey(getI18n(context).t, key, values);
}

/** The one error shape of /api: `{ message }` in the user's language, with a truthful status. */
export function jsonError(
  context: Context,
  status: number,
  key: MessageKey,
  extra?: Record<string, unknown>,
  headers?: HeadersInit,
): Response {
  return Response.json({ message: translate(context, key), ...extra }, { status, headers });
}

/**
 * The refusal of a resource route that has no page to show it on (the preference forms): the translated
 * message as plain text, with a truthful status.
 */
export function textError(context: Context, status: number, key: MessageKey): Response {
  return new Response(translate(context, key), { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The handler an /api module exports for the methods it does not serve: a translated JSON 405 naming the
 * allowed methods. Without it React Router answers such a request itself, in English and with a stack trace
 * in the log ("Unexpected Server Error", 400 for a GET, 405 otherwise).
 */
export function methodNotAllowed(...allowed: string[]) {
  return ({ context }: { context: Context }): Response => refuseMethod(context, allowed);
}

/** A translated JSON 405 whose Allow header names the methods the route serves. */
export function refuseMethod(context: Context, allowed: string[]): Response {
  return jsonError(context, 405, "errors.methodNotAllowed", undefined, { Allow: allowed.join(", ") });
}

/** When to try again after a 503 for a database out of reach: it is back within seconds after a restart. */
export const DATABASE_RETRY = { "Retry-After": "5" };

/** The contexts of the requests whose session, loader or action found the database out of reach. */
const databaseAway = new WeakSet<Context>();

/** Notes that this request found the database out of reach: its page, or its page's data, is then a 503. */
export function noteDatabaseAway(context: Context): void {
  databaseAway.add(context);
}

export function foundDatabaseAway(context: Context): boolean {
  return databaseAway.has(context);
}

/**
 * What a request gets when the database is out of reach (issue 21), to be thrown: /api a translated JSON 503, a page
 * the error page's 503, which asks to try again in a moment.
 */
export function databaseOutOfReach(request: Request, context: Context): Response | ReturnType<typeof data> {
  noteDatabaseAway(context);
  if (isApiRequest(request)) return jsonError(context, 503, "errors.databaseUnavailable", undefined, DATABASE_RETRY);
  return data({ reason: "database" }, { status: 503, headers: DATABASE_RETRY });
}

/**
 * Wraps an /api handler: the return value becomes JSON, and an AppError or a thrown Response
 * becomes the documented error shape instead of an HTML error page.
 */
export function apiHandler<A extends { context: Context }>(handler: (args: A) => unknown | Promise<unknown>) {
  return async (args: A): Promise<Response> => {
    try {
      const result = await handler(args);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isDatabaseUnavailable(error))
        return jsonError(args.context, 503, "errors.databaseUnavailable", undefined, DATABASE_RETRY);
      if (error instanceof AppError) {
        const title = error.titleKey ? { title: translate(args.context, error.titleKey) } : undefined;
        return jsonError(args.context, error.status, error.messageKey, title);
      }
      throw error;
    }
  };
}

/**
 * A page's missing thing (or another user's: they look the same, so ids reveal nothing), to be thrown by its loader:
 * the route's ErrorBoundary shows its own "not found" with a 404, with and without JavaScript (ADR 37). The title is
 * the page's, in the user's language.
 */
export function pageNotFound(context: Context, titleKey: MessageKey) {
  return data({ title: translate(context, titleKey) }, { status: 404 });
}

/** A positive integer id from a route parameter, or -1 (which matches nothing, so the answer is 404). */
export function paramId(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= ID_MAX ? id : -1;
}

/**
 * A positive integer id from a form's field, as paramId reads a route's: 0 when the field is absent or empty (a form
 * that makes something new), -1 for anything else that is not an id (which matches nothing, so the answer is 404).
 */
export function formId(form: FormData, name: string): number {
  const value = form.get(name);
  if (value === null || value === "") return 0;
  return paramId(typeof value === "string" ? value : undefined);
}
