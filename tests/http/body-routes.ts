import type { MessageKey } from "~/i18n/types";
import {
  BOOK_FORM_FIELDS_MAX_BYTES,
  BOOK_JSON_MAX_BYTES,
  FORM_MAX_BYTES,
  JSON_MAX_BYTES,
  SUGGEST_FORM_MAX_BYTES,
  TELL_FORM_FIELDS_MAX_BYTES,
} from "~/lib/body-caps";
import { IMPORT_MAX_BYTES } from "~/lib/keepsake-format";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "~/lib/limits";
import { uploadBodyCap } from "~/lib/request-body.server";

// Every route of app/routes.ts that reads a request body, with its cap and the message of its 413: the list
// that tests/http/body-caps.test.ts sends too much to. That test checks the list is complete against the
// modules themselves (a route module that loads app/lib/request-body.server.ts reads a body).

export type Ids = {
  bookId: number;
  topicId: number;
  storyId: number;
  mediaId: number;
  userId: number;
  otherUserId: number;
  /** A storyteller's link to the user's Vietnamese book, and its id. */
  tellToken: string;
  tellLinkId: number;
};

export type BodyRoute = {
  /** The route module, as app/routes.ts names it. */
  file: string;
  method: "POST" | "PUT";
  path: (ids: Ids) => string;
  /** Who may post: the body is read only after the sign-in (and admin) check. */
  who: "anon" | "user" | "admin";
  /**
   * How a refusal comes back: the page again with a toast, translated plain text (no page of its own), or /api's JSON.
   */
  answer: "page" | "text" | "json";
  /** What the route reads: a form's fields, JSON, or a multipart form with files streamed to disk. */
  kind: "form" | "json" | "upload";
  /** The largest body accepted, in bytes (an upload: the whole multipart body). */
  cap: number;
  /** An upload form posted urlencoded (fields only): its cap. */
  fieldsCap?: number;
  tooLarge: MessageKey;
  /** A page that answers in its book's language whatever the visitor's (the storyteller's door). */
  language?: "en" | "vi";
};

const MEDIA_FILE_MAX_BYTES = Math.max(IMAGE_UPLOAD_MAX_BYTES, AUDIO_UPLOAD_MAX_BYTES);
/**
 * The book forms (create, edit, story, topic): a cover and a recording, a recording over its cap dropped and the story
 * kept.
 */
const BOOK_FORM_CAP = uploadBodyCap({
  maxFileBytes: MEDIA_FILE_MAX_BYTES,
  maxFiles: 2,
  maxFieldBytes: BOOK_FORM_FIELDS_MAX_BYTES,
  oversized: "drop",
});
const MEDIA_FORM_CAP = uploadBodyCap({ maxFileBytes: MEDIA_FILE_MAX_BYTES, maxFiles: 1 });
const IMPORT_CAP = uploadBodyCap({ maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 });

const form = (file: string, path: BodyRoute["path"], who: BodyRoute["who"], cap = FORM_MAX_BYTES): BodyRoute => ({
  file,
  method: "POST",
  path,
  who,
  answer: "page",
  kind: "form",
  cap,
  tooLarge: "errors.bodyTooLarge",
});
const json = (
  file: string,
  method: BodyRoute["method"],
  path: BodyRoute["path"],
  who: BodyRoute["who"] = "user",
  cap = JSON_MAX_BYTES,
  tooLarge: MessageKey = "errors.bodyTooLarge",
): BodyRoute => ({
  file,
  method,
  path,
  who,
  answer: "json",
  kind: "json",
  cap,
  tooLarge,
});

/** A storyteller's door (issue 18): one answer, her writing and one recording within the media cap. */
const door = (file: string, path: BodyRoute["path"], who: BodyRoute["who"]): BodyRoute => ({
  file,
  method: "POST",
  path,
  who,
  answer: "page",
  kind: "upload",
  cap: uploadBodyCap({ maxFileBytes: AUDIO_UPLOAD_MAX_BYTES, maxFiles: 1, maxFieldBytes: TELL_FORM_FIELDS_MAX_BYTES }),
  fieldsCap: TELL_FORM_FIELDS_MAX_BYTES,
  tooLarge: "media.tooLarge",
});

export const BODY_ROUTES: BodyRoute[] = [
  // Pages
  form("routes/login.tsx", () => "/login", "anon"),
  {
    file: "routes/home.tsx",
    method: "POST",
    path: () => "/?index",
    who: "user",
    answer: "page",
    kind: "upload",
    cap: BOOK_FORM_CAP,
    fieldsCap: BOOK_FORM_FIELDS_MAX_BYTES,
    tooLarge: "books.tooLarge",
  },
  {
    file: "routes/library.tsx",
    method: "POST",
    path: () => "/books?index",
    who: "user",
    answer: "page",
    kind: "upload",
    cap: BOOK_FORM_CAP,
    fieldsCap: BOOK_FORM_FIELDS_MAX_BYTES,
    tooLarge: "books.tooLarge",
  },
  {
    file: "routes/book.tsx",
    method: "POST",
    path: (i) => `/books/${i.bookId}`,
    who: "user",
    answer: "page",
    kind: "upload",
    cap: BOOK_FORM_CAP,
    fieldsCap: BOOK_FORM_FIELDS_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  form("routes/book.suggest-topics.tsx", (i) => `/books/${i.bookId}/suggest-topics`, "user", SUGGEST_FORM_MAX_BYTES),
  form("routes/forms/book-copy.tsx", (i) => `/books/${i.bookId}/copy`, "user"),
  form("routes/forms/book-delete.tsx", (i) => `/books/${i.bookId}/delete`, "user"),
  form("routes/forms/book-toc.tsx", (i) => `/books/${i.bookId}/toc`, "user"),
  form("routes/forms/topic-delete.tsx", (i) => `/books/${i.bookId}/topics/${i.topicId}/delete`, "user"),
  {
    file: "routes/forms/story-media.tsx",
    method: "POST",
    path: (i) => `/books/${i.bookId}/stories/${i.storyId}/media`,
    who: "user",
    answer: "page",
    kind: "upload",
    cap: MEDIA_FORM_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  form("routes/forms/book-preview.tsx", (i) => `/books/${i.bookId}/preview`, "user"),
  form("routes/forms/book-shares.tsx", (i) => `/books/${i.bookId}/shares`, "user"),
  form("routes/forms/book-storyteller-links.tsx", (i) => `/books/${i.bookId}/storyteller-links`, "user"),
  form("routes/topic.tsx", (i) => `/books/${i.bookId}/topics/${i.topicId}`, "user"),
  form("routes/profile.tsx", () => "/profile", "user"),
  {
    file: "routes/forms/profile-import.tsx",
    method: "POST",
    path: () => "/profile/import",
    who: "user",
    answer: "page",
    kind: "upload",
    cap: IMPORT_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "keepsake.tooLarge",
  },
  form("routes/admin.tsx", () => "/admin", "admin"),
  door("routes/answer.tsx", () => "/answer", "user"),
  // Her page speaks the book's language (a Vietnamese book here), whatever the visitor's.
  { ...door("routes/tell.tsx", (i) => `/tell/${i.tellToken}`, "anon"), language: "vi" },
  { ...form("routes/preferences.language.ts", () => "/preferences/language", "anon"), answer: "text" },
  { ...form("routes/preferences.theme.ts", () => "/preferences/theme", "anon"), answer: "text" },
  { ...form("routes/preferences.layout.ts", () => "/preferences/layout", "anon"), answer: "text" },

  // API
  json("routes/api/auth.login.ts", "POST", () => "/api/auth/login", "anon"),
  json("routes/api/books.ts", "POST", () => "/api/books", "user", BOOK_JSON_MAX_BYTES, "books.tooLarge"),
  json("routes/api/books.suggest-topics.ts", "POST", () => "/api/books/suggest-topics"),
  json("routes/api/book.ts", "PUT", (i) => `/api/books/${i.bookId}`, "user", BOOK_JSON_MAX_BYTES, "books.tooLarge"),
  json("routes/api/book.topics.ts", "POST", (i) => `/api/books/${i.bookId}/topics`),
  json("routes/api/book.reorder-topics.ts", "POST", (i) => `/api/books/${i.bookId}/reorder-topics`),
  json("routes/api/book.shares.ts", "POST", (i) => `/api/books/${i.bookId}/shares`),
  json("routes/api/book.storyteller-links.ts", "POST", (i) => `/api/books/${i.bookId}/storyteller-links`),
  json("routes/api/topic.ts", "PUT", (i) => `/api/topics/${i.topicId}`),
  json("routes/api/topic.stories.ts", "POST", (i) => `/api/topics/${i.topicId}/stories`),
  json("routes/api/topic.reorder-stories.ts", "POST", (i) => `/api/topics/${i.topicId}/reorder-stories`),
  json("routes/api/topic.questions.ts", "POST", (i) => `/api/topics/${i.topicId}/questions`),
  json("routes/api/stories.suggest-improvements.ts", "POST", () => "/api/stories/suggest-improvements"),
  json("routes/api/story.ts", "PUT", (i) => `/api/stories/${i.storyId}`),
  {
    file: "routes/api/story.media.ts",
    method: "POST",
    path: (i) => `/api/stories/${i.storyId}/media`,
    who: "user",
    answer: "json",
    kind: "upload",
    cap: MEDIA_FORM_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  json("routes/api/generate-autocomplete.ts", "POST", () => "/api/generate-autocomplete"),
  json("routes/api/answer-followup.ts", "POST", () => "/api/answer-followup"),
  json("routes/api/media.ts", "PUT", (i) => `/api/media/${i.mediaId}`),
  {
    file: "routes/api/import.ts",
    method: "POST",
    path: () => "/api/import",
    who: "user",
    answer: "json",
    kind: "upload",
    cap: IMPORT_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "keepsake.tooLarge",
  },
  json("routes/api/admin.create-user.ts", "POST", () => "/api/admin/create-user", "admin"),
  json("routes/api/admin.user.ts", "PUT", (i) => `/api/admin/users/${i.otherUserId}`, "admin"),
  json("routes/api/users.ts", "PUT", (i) => `/api/users/${i.userId}`),
  json("routes/api/storyteller-link.ts", "PUT", (i) => `/api/storyteller-links/${i.tellLinkId}`),
];

/** Routes (and methods) with an action that reads no body at all, and why none is needed. */
export const NO_BODY: { file: string; methods: string[]; why: string }[] = [
  { file: "routes/logout.tsx", methods: ["POST"], why: "signing out needs no input" },
  { file: "routes/not-found.tsx", methods: ["POST", "PUT", "PATCH", "DELETE"], why: "the translated 404 page" },
  { file: "routes/api/auth.logout.ts", methods: ["POST"], why: "docs/product.md §7: no body" },
  { file: "routes/api/book.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/api/topic.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/api/story.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/api/media.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/api/admin.user.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/api/shares.ts", methods: ["DELETE"], why: "the token is in the path" },
  { file: "routes/api/storyteller-link.ts", methods: ["DELETE"], why: "the id is in the path" },
  {
    file: "routes/api/book.preview.ts",
    methods: ["POST"],
    why: "the same preview as its GET: its options are in the query",
  },
  {
    file: "routes/api/topic.preview.ts",
    methods: ["POST"],
    why: "the same preview as its GET: its options are in the query",
  },
  { file: "routes/api/topic.regenerate-questions.ts", methods: ["POST"], why: "docs/product.md §7: no body" },
  { file: "routes/api/not-found.ts", methods: ["POST", "PUT", "PATCH", "DELETE"], why: "the JSON 404" },
];
