import pg from "pg";

/** Statements named per process at most: past it, new texts go unnamed (parsed and planned at each run, as before). */
export const NAMED_STATEMENTS_MAX = 2000;
/** A statement with more values than this is a list of ids of one size, unlikely to come back: it is not named. */
const VALUES_MAX = 50;

const names = new Map<string, string>();

/** The name a statement's text runs under, or undefined when it is not to be named. */
export function statementName(text: string, values: unknown[] | undefined): string | undefined {
  if (!values?.length || values.length > VALUES_MAX) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
    name = `heirloom_${names.size}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[]; submit?: unknown };

/**
 * pg's client, with every parameterised statement the models run named by its text, so that each connection parses
 * and plans it once and then only binds and runs it (PostgreSQL keeps the plan; a generic one once it is as good).
 * drizzle names only the statements prepared through `prepared()`; a story save's transaction ran five unnamed
 * statements, which made it about twice as slow as it needed to be (docs/decisions/0032). The texts come from the
 * models' code, so they are few; lists of ids make more, hence the two caps.
 */
export class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are many; each call passes through unchanged
  override query(config: any, values?: any, callback?: any): any {
    const query = config as QueryConfig | string | null;
    const plain = query && typeof query === "object" && typeof query.submit !== "function";
    const name =
      plain && typeof query.text === "string" && query.name === undefined
        ? statementName(query.text, Array.isArray(values) ? values : query.values)
        : undefined;
    return super.query(name === undefined ? config : { ...config, name }, values, callback);
  }
}
