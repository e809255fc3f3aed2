import type { RouterContextProvider } from "react-router";
import { translate } from "./responses.server";
import { lenientNumbers, QUERY_NUMBERS, strictNumbers, type NumbersOf, type QueryRoute } from "../lib/query-params";

type Shape<R extends QueryRoute> = (typeof QUERY_NUMBERS)[R];

/**
 * The numbers an /api route reads from its query string (declared in QUERY_NUMBERS under its pattern).
 * One that is not a whole number in its range is a 400 `{ message, errors }` in the user's language,
 * before anything reaches the database (ADR 0022).
 */
export function apiQueryNumbers<R extends QueryRoute>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  route: R,
): NumbersOf<Shape<R>> {
  const result = strictNumbers(new URL(args.request.url).searchParams, QUERY_NUMBERS[route] as Shape<R>);
  if (result.ok) return result.values;
  const message = translate(args.context, "query.invalidNumber");
  throw Response.json(
    { message, errors: Object.fromEntries(result.invalid.map((name) => [name, message])) },
    { status: 400 },
  );
}

/** The numbers a page reads from its address: out of range is clamped, anything else is its default. */
export function pageQueryNumbers<R extends QueryRoute>(request: Request, route: R): NumbersOf<Shape<R>> {
  return lenientNumbers(new URL(request.url).searchParams, QUERY_NUMBERS[route] as Shape<R>);
}
