import type { MessageKey } from "~/i18n/types";
import {
  BOOK_FORM_FIELDS_MAX_BYTES,
  BOOK_JSON_MAX_BYTES,
  FORM_MAX_BYTES,
  JSON_MAX_BYTES,
  SUGGEST_FORM_MAX_BYTES,
  TELL_FORM_FIELDS_MAX_BYTES,
} from "~/http/body-caps";
import { IMPORT_MAX_BYTES } from "~/lib/keepsake-format";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "~/lib/limits";
import { uploadBodyCap } from "~/http/request-body.server";

// Every route of app/routes.ts that reads a request body, with its cap and the message of its 413: the list
// that tests/http/body-caps.test.ts sends too much to. That test checks the list is complete against the
// modules themselves (a route module that loads app/http/request-body.server.ts reads a body).

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
  form("routes/auth/login.tsx", () => "/login", "anon"),
  {
    file: "routes/home/home.tsx",
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
    file: "routes/library/library.tsx",
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
    file: "routes/workspace/book.tsx",
    method: "POST",
    path: (i) => `/books/${i.bookId}`,
    who: "user",
    answer: "page",
    kind: "upload",
    cap: BOOK_FORM_CAP,
    fieldsCap: BOOK_FORM_FIELDS_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  form(
    "routes/workspace/suggest-topics.tsx",
    (i) => `/books/${i.bookId}/suggest-topics`,
    "user",
    SUGGEST_FORM_MAX_BYTES,
  ),
  form("routes/books/copy.tsx", (i) => `/books/${i.bookId}/copy`, "user"),
  form("routes/books/delete.tsx", (i) => `/books/${i.bookId}/delete`, "user"),
  form("routes/workspace/toc.tsx", (i) => `/books/${i.bookId}/toc`, "user"),
  form("routes/topics/delete.tsx", (i) => `/books/${i.bookId}/topics/${i.topicId}/delete`, "user"),
  {
    file: "routes/stories/media-form.tsx",
    method: "POST",
    path: (i) => `/books/${i.bookId}/stories/${i.storyId}/media`,
    who: "user",
    answer: "page",
    kind: "upload",
    cap: MEDIA_FORM_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  form("routes/previews/book-preview.tsx", (i) => `/books/${i.bookId}/preview`, "user"),
  form("routes/sharing/book-shares.tsx", (i) => `/books/${i.bookId}/shares`, "user"),
  form("routes/storyteller/book-links.tsx", (i) => `/books/${i.bookId}/storyteller-links`, "user"),
  form("routes/storyteller/link-weekly.tsx", (i) => `/books/${i.bookId}/storyteller-links/weekly`, "user"),
  form("routes/topics/topic.tsx", (i) => `/books/${i.bookId}/topics/${i.topicId}`, "user"),
  form("routes/profile/profile.tsx", () => "/profile", "user"),
  {
    file: "routes/keepsakes/import.tsx",
    method: "POST",
    path: () => "/profile/import",
    who: "user",
    answer: "page",
    kind: "upload",
    cap: IMPORT_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "keepsake.tooLarge",
  },
  form("routes/admin/admin.tsx", () => "/admin", "admin"),
  door("routes/storyteller/answer.tsx", () => "/answer", "user"),
  // Her page speaks the book's language (a Vietnamese book here), whatever the visitor's.
  { ...door("routes/storyteller/tell.tsx", (i) => `/tell/${i.tellToken}`, "anon"), language: "vi" },
  { ...form("routes/preferences/language.ts", () => "/preferences/language", "anon"), answer: "text" },
  { ...form("routes/preferences/theme.ts", () => "/preferences/theme", "anon"), answer: "text" },
  { ...form("routes/preferences/layout.ts", () => "/preferences/layout", "anon"), answer: "text" },

  // API
  json("routes/auth/api.login.ts", "POST", () => "/api/auth/login", "anon"),
  json("routes/books/api.books.ts", "POST", () => "/api/books", "user", BOOK_JSON_MAX_BYTES, "books.tooLarge"),
  json("routes/books/api.suggest-topics.ts", "POST", () => "/api/books/suggest-topics"),
  json(
    "routes/books/api.book.ts",
    "PUT",
    (i) => `/api/books/${i.bookId}`,
    "user",
    BOOK_JSON_MAX_BYTES,
    "books.tooLarge",
  ),
  json("routes/topics/api.book-topics.ts", "POST", (i) => `/api/books/${i.bookId}/topics`),
  json("routes/topics/api.reorder-topics.ts", "POST", (i) => `/api/books/${i.bookId}/reorder-topics`),
  json("routes/sharing/api.book-shares.ts", "POST", (i) => `/api/books/${i.bookId}/shares`),
  json("routes/storyteller/api.book-links.ts", "POST", (i) => `/api/books/${i.bookId}/storyteller-links`),
  json("routes/topics/api.topic.ts", "PUT", (i) => `/api/topics/${i.topicId}`),
  json("routes/stories/api.topic-stories.ts", "POST", (i) => `/api/topics/${i.topicId}/stories`),
  json("routes/stories/api.reorder-stories.ts", "POST", (i) => `/api/topics/${i.topicId}/reorder-stories`),
  json("routes/topics/api.questions.ts", "POST", (i) => `/api/topics/${i.topicId}/questions`),
  json("routes/stories/api.suggest-improvements.ts", "POST", () => "/api/stories/suggest-improvements"),
  json("routes/stories/api.story.ts", "PUT", (i) => `/api/stories/${i.storyId}`),
  {
    file: "routes/stories/api.story-media.ts",
    method: "POST",
    path: (i) => `/api/stories/${i.storyId}/media`,
    who: "user",
    answer: "json",
    kind: "upload",
    cap: MEDIA_FORM_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "media.tooLarge",
  },
  json("routes/stories/api.generate-autocomplete.ts", "POST", () => "/api/generate-autocomplete"),
  json("routes/stories/api.answer-followup.ts", "POST", () => "/api/answer-followup"),
  json("routes/media/api.media.ts", "PUT", (i) => `/api/media/${i.mediaId}`),
  {
    file: "routes/keepsakes/api.import.ts",
    method: "POST",
    path: () => "/api/import",
    who: "user",
    answer: "json",
    kind: "upload",
    cap: IMPORT_CAP,
    fieldsCap: FORM_MAX_BYTES,
    tooLarge: "keepsake.tooLarge",
  },
  json("routes/admin/api.create-user.ts", "POST", () => "/api/admin/create-user", "admin"),
  json("routes/admin/api.user.ts", "PUT", (i) => `/api/admin/users/${i.otherUserId}`, "admin"),
  json("routes/profile/api.users.ts", "PUT", (i) => `/api/users/${i.userId}`),
  json("routes/storyteller/api.link.ts", "PUT", (i) => `/api/storyteller-links/${i.tellLinkId}`),
];

/** Routes (and methods) with an action that reads no body at all, and why none is needed. */
export const NO_BODY: { file: string; methods: string[]; why: string }[] = [
  { file: "routes/auth/logout.tsx", methods: ["POST"], why: "signing out needs no input" },
  { file: "routes/system/not-found.tsx", methods: ["POST", "PUT", "PATCH", "DELETE"], why: "the translated 404 page" },
  { file: "routes/auth/api.logout.ts", methods: ["POST"], why: "docs/product.md §7: no body" },
  { file: "routes/books/api.book.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/topics/api.topic.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/stories/api.story.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/media/api.media.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/admin/api.user.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/sharing/api.shares.ts", methods: ["DELETE"], why: "the token is in the path" },
  { file: "routes/storyteller/api.link.ts", methods: ["DELETE"], why: "the id is in the path" },
  { file: "routes/storyteller/api.link-send.ts", methods: ["POST"], why: "docs/product.md §7: no body" },
  {
    file: "routes/storyteller/pause.tsx",
    methods: ["POST"],
    why: "RFC 8058's one-click body says only that it is one: the token in the path is what pauses",
  },
  {
    file: "routes/previews/api.book-preview.ts",
    methods: ["POST"],
    why: "the same preview as its GET: its options are in the query",
  },
  {
    file: "routes/previews/api.topic-preview.ts",
    methods: ["POST"],
    why: "the same preview as its GET: its options are in the query",
  },
  { file: "routes/topics/api.regenerate-questions.ts", methods: ["POST"], why: "docs/product.md §7: no body" },
  { file: "routes/system/api.not-found.ts", methods: ["POST", "PUT", "PATCH", "DELETE"], why: "the JSON 404" },
];

/**
 * Routes that read a body within a cap but answer nothing about it: a relay that pipes her emailed reply learns
 * nothing, so a body past the cap is 202 like any refused message, and the admin's log says why
 * (tests/http/storyteller-replies.test.ts).
 */
export const QUIET_BODY_ROUTES: { file: string; why: string }[] = [
  { file: "routes/storyteller/api.inbound-email.ts", why: "a refused reply, too large ones too, is 202 (issue 37)" },
];
