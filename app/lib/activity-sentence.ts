// An activity row's details (`{ id: 1, bookId: 1, expiresAt: null }`, as each model writes them) told as a sentence
// for the admin: which translation says what happened, and the names it fills in, each linked to the place in the
// Content Explorer (or the user's content) where the admin can open it. Rows written before a shape changed, or by
// an action this file does not know, still get a sentence: the generic one, with whatever book they name.

/** One name in a sentence: a link when the thing can still be reached, `missing` (its id) when it is gone. */
export type SentencePart = { text: string; href?: string } | { missing: number | null };

/** A translation key under `admin.activitySentence` and what fills its placeholders. */
export type ActivitySentence = {
  key: string;
  values: Record<string, SentencePart>;
  /** Plural counts and plain words (`{{count}}`, a media kind, an action's label key), not links. */
  words?: Record<string, string | number>;
};

/** The ids an activity's details name, by kind, so they are looked up together for a page of activities. */
export type ActivityRefs = { books: number[]; topics: number[]; stories: number[]; users: number[] };

/** What is known now of the things activities name (the page's loader reads it in one query per kind). */
export type ActivityNames = {
  books: Map<number, { title: string; userId: number }>;
  topics: Map<number, { title: string; bookId: number; userId: number }>;
  stories: Map<number, { title: string; topicId: number; bookId: number; userId: number }>;
  users: Map<number, { name: string }>;
};

export type ActivityRow = { action: string; resource: string; details: unknown };
type Actor = { id: number; name: string };

type Details = Record<string, unknown>;
const asDetails = (details: unknown): Details =>
  typeof details === "object" && details !== null && !Array.isArray(details) ? (details as Details) : {};
const idOf = (details: Details, key: string): number | null => {
  const value = details[key];
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
};
const textOf = (details: Details, key: string): string | null => {
  const value = details[key];
  return typeof value === "string" && value.trim() ? value : null;
};

/** Which detail names which kind of thing, for each resource the models log (app/models/*.server.ts). */
function refsOf({ resource, details }: ActivityRow) {
  const d = asDetails(details);
  const own = idOf(d, "id");
  return {
    // An older or unknown row about a book may name it as `bookId` rather than `id`.
    book: resource === "book" ? (own ?? idOf(d, "bookId")) : idOf(d, "bookId"),
    source: resource === "book" ? idOf(d, "from") : null,
    topic: resource === "topic" ? own : idOf(d, "topicId"),
    story: resource === "story" ? own : idOf(d, "storyId"),
    user: resource === "user" ? own : null,
  };
}

/** Every id a page of activities names, each kind once. */
export function activityRefs(rows: ActivityRow[]): ActivityRefs {
  const sets = {
    books: new Set<number>(),
    topics: new Set<number>(),
    stories: new Set<number>(),
    users: new Set<number>(),
  };
  for (const row of rows) {
    const refs = refsOf(row);
    for (const id of [refs.book, refs.source]) if (id) sets.books.add(id);
    if (refs.topic) sets.topics.add(refs.topic);
    if (refs.story) sets.stories.add(refs.story);
    if (refs.user) sets.users.add(refs.user);
  }
  return { books: [...sets.books], topics: [...sets.topics], stories: [...sets.stories], users: [...sets.users] };
}

const explorer = (params: Record<string, number>, hash = "") =>
  `/admin?${new URLSearchParams(Object.entries({ tab: "content", ...params }).map(([k, v]) => [k, String(v)]))}${hash}`;

/** Where the admin reads a user's books: the Content Explorer opened on that user. */
const userContentHref = (userId: number) => explorer({ user: userId });

/** The sentences each known action and resource is told with; anything else is "other". */
const KNOWN = new Set([
  "login.session",
  "logout.session",
  "create.book",
  "update.book",
  "delete.book",
  "copy.book",
  "import.book",
  "create.topic",
  "update.topic",
  "archive.topic",
  "unarchive.topic",
  "delete.topic",
  "reorder.topic",
  "create.story",
  "update.story",
  "delete.story",
  "reorder.story",
  "create.question",
  "regenerate.question",
  "create.media",
  "update.media",
  "delete.media",
  "create.share",
  "delete.share",
  "create.storyteller-link",
  "delete.storyteller-link",
  "update.storyteller-link",
  "create.user",
  "update.user",
  "delete.user",
]);

/** The sentence for one activity of `actor`, with the names `names` knows now and the titles the row kept. */
export function describeActivity(row: ActivityRow, actor: Actor, names: ActivityNames): ActivitySentence {
  const d = asDetails(row.details);
  const refs = refsOf(row);
  // A thing still there is named as it is now and linked; a deleted one by the title the row kept, unlinked.
  const book = (id: number | null, kept: string | null = null): SentencePart => {
    const found = id ? names.books.get(id) : undefined;
    if (found) return { text: found.title, href: explorer({ user: found.userId, book: id! }) };
    return kept ? { text: kept } : { missing: id };
  };
  const topic = (id: number | null, kept: string | null = null): SentencePart => {
    const found = id ? names.topics.get(id) : undefined;
    if (found) return { text: found.title, href: explorer({ user: found.userId, book: found.bookId, topic: id! }) };
    return kept ? { text: kept } : { missing: id };
  };
  const story = (id: number | null, kept: string | null = null): SentencePart => {
    const found = id ? names.stories.get(id) : undefined;
    if (!found) return kept ? { text: kept } : { missing: id };
    const at = { user: found.userId, book: found.bookId, topic: found.topicId, story: id! };
    return { text: found.title, href: explorer(at, `#story-${id}`) };
  };
  const user = (id: number | null, kept: string | null = null): SentencePart => {
    const found = id ? names.users.get(id) : undefined;
    if (found) return { text: found.name, href: userContentHref(id!) };
    return kept ? { text: kept } : { missing: id };
  };
  const who = { text: actor.name, href: userContentHref(actor.id) };
  const title = textOf(d, "title");
  const combo = `${row.action}.${row.resource}`;
  if (!KNOWN.has(combo)) {
    // An action this file does not know: what and on what, and the book when the row names one.
    const words = { action: row.action, resource: row.resource };
    return refs.book
      ? { key: "otherInBook", values: { user: who, book: book(refs.book, title) }, words }
      : { key: "other", values: { user: who }, words };
  }
  const key = combo.replace(".", "_");
  const count = idOf(d, "count");
  // A photo and a recording are told apart when the row says which it was.
  const kind = d.type === "image" || d.type === "audio" ? `_${d.type}` : "";
  switch (row.resource) {
    case "session":
      return { key, values: { user: who } };
    case "book":
      return {
        key,
        values: { user: who, book: book(refs.book, title), ...(refs.source ? { source: book(refs.source) } : {}) },
      };
    case "topic":
      return refs.topic
        ? { key, values: { user: who, topic: topic(refs.topic, title) } }
        : { key, values: { user: who, book: book(refs.book) }, words: { count: count ?? 1 } };
    case "story":
      return refs.story
        ? { key, values: { user: who, story: story(refs.story, title) } }
        : { key, values: { user: who, topic: topic(refs.topic) } };
    case "question":
      return { key, values: { user: who, topic: topic(refs.topic) }, words: { count: count ?? 1 } };
    case "media":
      return { key: row.action === "update" ? key : `${key}${kind}`, values: { user: who, story: story(refs.story) } };
    case "share":
    case "storyteller-link":
      return { key, values: { user: who, book: book(refs.book) } };
    default:
      return { key, values: { user: who, target: user(refs.user, textOf(d, "username")) } };
  }
}
