import fs from "node:fs";
import path from "node:path";
import routeConfig from "../../app/routes";

// Every URL of app/routes.ts, flattened (a child's path joined to its parent's), so a test can go through
// all of them and a route added tomorrow is covered without changing the test.

type Entry = { path?: string; file: string; index?: boolean; children?: Entry[] };

export type AppRoute = {
  /** The pattern as app/routes.ts writes it, without a leading slash ("" is the home page). */
  pattern: string;
  /** The module's path under app/. */
  file: string;
  api: boolean;
  /** The module's source, to see what it exports. */
  source: string;
};

const root = path.resolve(import.meta.dirname, "..", "..");

function flatten(entries: Entry[], parent: string): AppRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const source = fs.readFileSync(path.join(root, "app", entry.file), "utf8");
    const self: AppRoute = { pattern, file: entry.file, api: pattern.startsWith("api/"), source };
    return [self, ...flatten(entry.children ?? [], pattern)];
  });
}

export function appRoutes(): AppRoute[] {
  return flatten(routeConfig as Entry[], "");
}

/** True when the module answers GET with something of its own (a loader that is not only a 405). */
export function servesGet(route: AppRoute): boolean {
  return (
    /export (const|function|async function) loader\b/.test(route.source) &&
    !/export const loader = methodNotAllowed\(/.test(route.source)
  );
}

export type RouteIds = {
  book: number;
  topic: number;
  story: number;
  media: number;
  user: number;
  share: string;
  /** A storyteller link's token (/tell/:token). */
  tell: string;
};

/**
 * A pattern with its parameters filled from `ids`, each by the resource it names: `books/:bookId` and
 * `api/books/:id` take the book, `…/media/render/:ref` the media as `id:N`, `…/photos/:mediaId` the media, `s/:token`
 * the share link, `tell/:token` the storyteller link.
 */
export function fillPattern(pattern: string, ids: RouteIds): string {
  const segments = pattern.split("/");
  const filled = segments.map((segment, i) => {
    if (segment === "*") return "no-such-thing";
    if (!segment.startsWith(":")) return segment;
    const before = segments[i - 1] ?? "";
    const name = segment.slice(1);
    if (name === "bookId" || before === "books") return String(ids.book);
    if (name === "topicId" || before === "topics") return String(ids.topic);
    if (name === "storyId" || before === "stories") return String(ids.story);
    if (before === "render") return `id:${ids.media}`;
    if (before === "media" && name === "ref") return String(ids.media);
    if (before === "media" || before === "photos") return String(ids.media);
    if (before === "users") return String(ids.user);
    if (before === "s" || before === "shares") return ids.share;
    if (before === "tell") return ids.tell;
    throw new Error(`fillPattern: no value for ${segment} in ${pattern}`);
  });
  return `/${filled.join("/")}`;
}
