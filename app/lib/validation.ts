import { z } from "zod";
import type { MessageKey } from "~/i18n/types";

// One schema per form, shared by the page action, the /api route and (as HTML constraints) the browser.
// Messages are i18n keys; the server translates them into the user's language.

/** An HTML checkbox posts "on"; JSON posts a boolean. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
/** A blank optional text field means "not given". */
const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().optional(),
);

import { STORYTELLER_ADDRESSES } from "~db/storyteller-addresses";
import {
  ID_MAX,
  LONG_TEXT_MAX,
  MEDIA_DESCRIPTION_MAX,
  PASSWORD_MIN,
  SHARE_FORM_DIALOGS,
  SHARE_LIFETIMES,
  STORY_TITLE_MAX,
  STORYTELLER_LIFETIMES,
  USERNAME_MIN,
} from "./limits";
import { hasInvisibleCharacters } from "./names";
import { ADDRESS_FROM_NAME, linkAddress } from "./storyteller-address";
import { safeRedirect } from "./safe-redirect";
import { isScheduleTime, isTimeZone } from "./weekly-schedule";

export const loginSchema = z.object({
  username: z.string({ error: "login.usernameRequired" }).trim().min(1, { error: "login.usernameRequired" }),
  password: z.string({ error: "login.passwordRequired" }).min(1, { error: "login.passwordRequired" }),
  rememberMe: checkbox.default(false),
  redirectTo: z.string().optional(),
});

// The invisible-character check sees the name as typed: trimming would quietly drop a trailing U+FEFF.
const username = z
  .string({ error: "users.usernameMin" })
  .refine((value) => !hasInvisibleCharacters(value), { error: "users.usernameInvisible" })
  .trim()
  .min(USERNAME_MIN, { error: "users.usernameMin" });
// NFKC first, so an address typed in full-width letters is the plain one (and is valid).
const email = z
  .string({ error: "users.emailInvalid" })
  .trim()
  .overwrite((value) => value.normalize("NFKC"))
  .pipe(z.email({ error: "users.emailInvalid" }));
const password = z.string({ error: "users.passwordMin" }).min(PASSWORD_MIN, { error: "users.passwordMin" });
const displayName = z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(100)).optional();

export const createUserSchema = z.object({ username, email, password, displayName });

export const updateUserSchema = z.object({
  username,
  email,
  // A blank password means "keep the current one".
  password: z.preprocess((v) => (v === "" || v == null ? undefined : v), password.optional()),
  displayName,
});

/** The profile form; the /api body is the same without the confirmation. */
export const profileSchema = z
  .object({
    displayName: z.string().trim().max(100).optional(),
    email: z.preprocess((v) => (v === "" ? undefined : v), email.optional()),
    currentPassword: optionalText,
    newPassword: z.preprocess((v) => (v === "" ? undefined : v), password.optional()),
    confirmPassword: optionalText,
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "profile.passwordMismatch" });
    }
    if (value.newPassword && !value.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "profile.currentRequired" });
    }
  });

export const languageSchema = z.object({ lng: z.enum(["en", "vi"]), redirectTo: z.string().optional() });
export const themeSchema = z.object({ theme: z.enum(["light", "dark", "system"]), redirectTo: z.string().optional() });

const SAME_SITE = "http://same.site";

/**
 * A path back into one book's pages (`/books/{id}` with its query, or a page below it), or null:
 * forms that post elsewhere come back to where they were opened, and nowhere else.
 */
export function bookReturnPath(to: unknown, bookId: number): string | null {
  const path = safeRedirect(to, "");
  if (!path) return null;
  // Parsing resolves "..", backslashes and stray characters, so the prefix is checked on the real path.
  const url = new URL(path, SAME_SITE);
  const home = `/books/${bookId}`;
  if (url.origin !== SAME_SITE || (url.pathname !== home && !url.pathname.startsWith(`${home}/`))) return null;
  return url.pathname + url.search;
}

export const TONE_MAX = 128;

/** The book form and the /api/books body. The cover is resolved separately (preset, data: URL or upload). */
export const bookSchema = z.object({
  title: z.string({ error: "books.titleRequired" }).trim().min(1, { error: "books.titleRequired" }).max(200),
  description: z.preprocess((v) => v ?? "", z.string().trim().max(5000)),
  tone: z.preprocess((v) => v ?? "", z.string().trim().max(TONE_MAX, { error: "books.toneTooLong" })),
  language: z.enum(["en", "vi"]).optional(),
  coverImage: z.string().nullable().optional(),
});

/**
 * POST /api/books/suggest-topics: the book's details that suggestions are fitted to. The optional
 * `topicTitle` (our extension) asks only for topics about that title, for the topic editor's
 * "Suggest description".
 */
export const suggestTopicsSchema = z.object({
  title: z.string({ error: "books.titleRequired" }).trim().min(1, { error: "books.titleRequired" }),
  description: z.preprocess((v) => v ?? "", z.string().trim().max(5000)),
  tone: z.preprocess((v) => v ?? "", z.string().trim().max(TONE_MAX, { error: "books.toneTooLong" })),
  language: z.enum(["en", "vi"]).optional(),
  topicTitle: z.string().trim().max(200).optional(),
});

const topicTitle = z
  .string({ error: "topics.titleRequired" })
  .trim()
  .min(1, { error: "topics.titleRequired" })
  .max(200);
const longText = z.preprocess((v) => v ?? "", z.string().max(LONG_TEXT_MAX));

/** POST /api/books/{id}/topics and the new-topic form. */
export const topicCreateSchema = z.object({
  title: topicTitle,
  description: z.preprocess((v) => v ?? "", z.string().trim().max(5000)),
});

const topicPreview = z.string().max(LONG_TEXT_MAX).nullable().optional();

/** PUT /api/topics/{id}: any of title, description, preview, archived. */
export const topicUpdateSchema = z.object({
  title: topicTitle.optional(),
  description: z.string().trim().max(5000).optional(),
  preview: topicPreview,
  archived: z.boolean().optional(),
});

/** The workspace's topic editor: a new topic's fields, and an existing one's draft narrative as PUT checks it. */
export const topicFormSchema = topicCreateSchema.extend({ preview: topicPreview });

// An id past ID_MAX names no row (PostgreSQL's ids are 32-bit): refused here, before it reaches a query.
const id = z.coerce.number().int().positive().max(ID_MAX);
const flag = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** The story body of POST /api/topics/{id}/stories and PUT /api/stories/{id}. */
export const storySchema = z.object({
  title: z
    .string({ error: "stories.titleRequired" })
    // One line: the story form's title wraps in a text area, which without scripts may post a line break.
    .transform((title) => title.replace(/\s*[\r\n]+\s*/g, " "))
    .pipe(z.string().trim().min(1, { error: "stories.titleRequired" }).max(STORY_TITLE_MAX)),
  content: longText,
  questionId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional()),
  status: z.enum(["draft", "published"]).default("draft"),
  // hasAudio and hasImages may be sent, and are ignored: a story's flags follow the media it has (docs/product.md §7).
  refineContent: flag.default(false),
  additionalRefinementInfo: z.preprocess((v) => v ?? "", z.string().max(2000)),
  transformTitle: flag.default(false),
});

/**
 * POST /api/stories/suggest-improvements: `content`, `title`, `topicTitle` (docs/product.md §7), and our optional
 * `topicId` (the suggestions are then in its book's language, and only for its owner) or `language`
 * (ADR 0010). Blank content is refused by the model with the spec's own message.
 */
export const suggestImprovementsSchema = z.object({
  content: longText,
  title: z.string().trim().max(300).optional(),
  topicTitle: z.string().trim().max(200).optional(),
  topicId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional()),
  language: z.enum(["en", "vi"]).optional(),
});

/** Reorder bodies: the complete list of the parent's ids, in the new order. */
/**
 * "Keep these words" under the AI's words in a preview (issue 35): which of its markers (`index`), the words the owner
 * saw there, the topic whose draft holds them (none: the book's preview) and the page to come back to.
 */
export const keepAiWordsSchema = z.object({
  index: z.coerce.number().int().min(0).max(LONG_TEXT_MAX),
  words: z.string().max(LONG_TEXT_MAX),
  topicId: z.preprocess((v) => (v === "" ? undefined : v), id.optional()),
  ppage: z.coerce.number().int().positive().max(LONG_TEXT_MAX).catch(1),
});

export const reorderTopicsSchema = z.object({ topicIds: z.array(id).max(1000) });
export const reorderStoriesSchema = z.object({ storyIds: z.array(id).max(5000) });

export const questionSchema = z.object({
  question: z.string({ error: "questions.blank" }).trim().min(1, { error: "questions.blank" }).max(1000),
});

const textOrEmpty = (max: number) => z.preprocess((v) => v ?? "", z.string().max(max));
const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional());

/** POST /api/generate-autocomplete: the text so far and where it is written. */
export const autocompleteSchema = z.object({
  text: z.string().max(100_000),
  title: textOrEmpty(300),
  topicId: optionalId,
  topicTitle: textOrEmpty(300),
  topicDescription: textOrEmpty(5000),
});

/** POST /api/answer-followup: the question being answered and what has been told so far. */
export const followupSchema = z.object({
  question: textOrEmpty(1000),
  currentText: textOrEmpty(100_000),
  storyTitle: textOrEmpty(300),
  topicId: optionalId,
  topicTitle: textOrEmpty(300),
  topicDescription: textOrEmpty(5000),
});

/** A photo's or recording's description (PUT /api/media/{id}, the media files tab). */
export const mediaDescriptionSchema = z.object({
  description: z
    .string({ error: "media.descriptionRequired" })
    .max(MEDIA_DESCRIPTION_MAX, { error: "media.descriptionTooLong" }),
});

/** A share link's optional expiry (POST /api/books/{id}/shares): an ISO date-time, or none. */
export const shareSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true, error: "share.expiryInvalid" }).nullable().optional(),
});

const storytellerAddress = z.enum(STORYTELLER_ADDRESSES, { error: "storyteller.addressInvalid" });

/**
 * POST /api/books/{id}/storyteller-links (issue 18): every field may be left out. Without an address, the one her
 * name begins with ("Bà Lan": bà), else "bạn" (issue 35).
 */
export const storytellerLinkSchema = z
  .object({
    name: z.string().trim().max(100).optional().default(""),
    address: storytellerAddress.optional(),
    topicIds: z
      .array(z.number().int().positive().max(ID_MAX), { error: "storyteller.topicsInvalid" })
      .min(1, { error: "storyteller.topicsInvalid" })
      .max(1000)
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, error: "share.expiryInvalid" }).nullable().optional(),
  })
  .transform((link) => ({ ...link, address: linkAddress(link.name, link.address) }));

/** The dialog's own change: how her page addresses her from now on. */
export const storytellerAddressSchema = z.object({ address: storytellerAddress });

/** A storyteller's weekly question (issue 37): one or more weekdays (0 = Sunday), a time "HH:MM" and a time zone. */
const weeklyScheduleSchema = z.object({
  weekdays: z
    .array(z.int({ error: "storyteller.scheduleWeekdays" }).min(0).max(6), { error: "storyteller.scheduleWeekdays" })
    .min(1, { error: "storyteller.scheduleWeekdays" })
    .max(7, { error: "storyteller.scheduleWeekdays" })
    .transform((days) => [...new Set(days)].sort()),
  time: z.string({ error: "storyteller.scheduleTime" }).refine(isScheduleTime, { error: "storyteller.scheduleTime" }),
  timeZone: z
    .string({ error: "storyteller.scheduleTimeZone" })
    .max(100, { error: "storyteller.scheduleTimeZone" })
    .refine(isTimeZone, { error: "storyteller.scheduleTimeZone" }),
});

/** Her email address for the weekly question, or "" for none. */
const storytellerEmail = z.union(
  [z.literal(""), z.email({ error: "storyteller.emailInvalid" }).max(254, { error: "storyteller.emailInvalid" })],
  { error: "storyteller.emailInvalid" },
);

/**
 * PUT /api/storyteller-links/{id}: any of how her page addresses her (issue 35), her email address, the weekly
 * schedule (null: none) and whether it is paused (issue 37). An empty email is none.
 */
export const storytellerLinkChangesSchema = z
  .object({
    address: storytellerAddress.optional(),
    email: storytellerEmail
      .nullable()
      .optional()
      .transform((email) => (email === "" ? null : email)),
    schedule: weeklyScheduleSchema.nullable().optional(),
    paused: z.boolean({ error: "errors.invalid" }).optional(),
    nextQuestionId: z
      .int({ error: "storyteller.questionInvalid" })
      .positive({ error: "storyteller.questionInvalid" })
      .max(ID_MAX, { error: "storyteller.questionInvalid" })
      .nullable()
      .optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: "weekly.nothingToChange",
  });

/**
 * An answer on the storyteller's page (/tell/{token}): the question, her text (may be empty when a recording comes
 * with it), and the key her page wrote into the form, which makes a retry harmless.
 */
export const tellAnswerSchema = z.object({
  questionId: z.coerce
    .number({ error: "tell.questionGone" })
    .int()
    .positive({ error: "tell.questionGone" })
    .max(ID_MAX, { error: "tell.questionGone" }),
  content: z.preprocess((v) => v ?? "", z.string().max(LONG_TEXT_MAX, { error: "errors.invalid" })),
  idempotencyKey: z.string({ error: "errors.invalid" }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: "errors.invalid" }),
});

/**
 * The share dialog's form: how long the new link lasts, in days, or "never"; and the dialog to come back to, the
 * share dialog or the book's download dialog, which makes a link for its voice codes with the same form.
 */
export const shareFormSchema = z.object({
  lifetime: z.enum(SHARE_LIFETIMES, { error: "errors.invalid" }).default("never"),
  back: z.enum(SHARE_FORM_DIALOGS, { error: "errors.invalid" }).default("share"),
});

/**
 * The workspace's "Invite the storyteller" form: her name, how a Vietnamese page addresses her (or "from the name"),
 * the topics (checkboxes: one checked posts a string, several an array, none nothing) and the link's lifetime in days.
 */
export const storytellerFormSchema = z
  .object({
    name: z.preprocess((v) => v ?? "", z.string().trim().max(100, { error: "errors.invalid" })),
    // The select's first choice, and what a form without it (an English book's) means: from her name (issue 35).
    address: z
      .enum([...STORYTELLER_ADDRESSES, ADDRESS_FROM_NAME], { error: "storyteller.addressInvalid" })
      .default(ADDRESS_FROM_NAME),
    topicIds: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(z.coerce.number().int().positive().max(ID_MAX), { error: "storyteller.topicsInvalid" })
        .min(1, { error: "storyteller.topicsInvalid" })
        .max(1000, { error: "storyteller.topicsInvalid" }),
    ),
    lifetime: z.enum(STORYTELLER_LIFETIMES, { error: "errors.invalid" }).default("90"),
  })
  .transform((form) => ({
    ...form,
    address: linkAddress(form.name, form.address === ADDRESS_FROM_NAME ? undefined : form.address),
  }));

/**
 * The link card's "Weekly question" form (issue 37): her email (blank: none, spaces around it dropped), the weekdays
 * (checkboxes "0" = Sunday to "6": one checked posts a string, several an array, none nothing), the time and the zone.
 */
export const storytellerWeeklyFormSchema = z
  .object({
    email: z.preprocess((v) => (typeof v === "string" ? v.trim() : (v ?? "")), storytellerEmail),
    weekdays: z.preprocess(
      (v) =>
        (v === undefined ? [] : [v].flat()).map((day) =>
          typeof day === "string" && /^[0-6]$/.test(day) ? Number(day) : day,
        ),
      weeklyScheduleSchema.shape.weekdays,
    ),
    time: weeklyScheduleSchema.shape.time,
    timeZone: weeklyScheduleSchema.shape.timeZone,
  })
  .transform(({ email, ...schedule }) => ({ email: email === "" ? null : email, schedule }));

/**
 * The link card's small changes (issue 37), one a form: Pause or Resume (`paused`), "Stop weekly questions"
 * (`schedule=none`), and "Ask this one next" (`nextQuestionId`, "" for the book's order).
 */
export const storytellerWeeklyChangeSchema = z
  .object({
    paused: z.enum(["true", "false"], { error: "errors.invalid" }).optional(),
    schedule: z.literal("none", { error: "errors.invalid" }).optional(),
    // "In book order" is the empty choice.
    nextQuestionId: z
      .preprocess(
        (v) => (v === "" ? null : v),
        z.coerce
          .number({ error: "storyteller.questionInvalid" })
          .int({ error: "storyteller.questionInvalid" })
          .positive({ error: "storyteller.questionInvalid" })
          .max(ID_MAX, { error: "storyteller.questionInvalid" })
          .nullable(),
      )
      .optional(),
  })
  .transform(({ paused, schedule, nextQuestionId }) => ({
    ...(paused === undefined ? {} : { paused: paused === "true" }),
    ...(schedule === undefined ? {} : { schedule: null }),
    ...(nextQuestionId === undefined ? {} : { nextQuestionId }),
  }));

/** A file input as the browser posts it: a file chosen, or `error`. (The server streams files to disk instead.) */
const chosenFile = (error: MessageKey) => z.custom<File>((value) => value instanceof File && value.size > 0, { error });

/**
 * The profile page's import form, as the browser sees it: a zip chosen. The server never holds the file
 * in the form (it streams to disk), so there the same rule is checked on the upload itself.
 */
export const importFormSchema = z.object({
  file: chosenFile("keepsake.noFile"),
});

/**
 * The suggest-topics dialog's list, posted with every intent (`topics[i].title`, `.description`, `.selected`).
 * Saving needs one topic chosen, each chosen one with a title; the other intents (regenerate, the list's
 * edits) take the list as it is.
 */
export const suggestedTopicsListSchema = z.object({
  intent: z.string().optional(),
  topics: z
    .array(
      z.object({
        title: z.preprocess(
          (v) => v ?? "",
          // One line: a title typed into the dialog's growing text area without scripts may hold line breaks.
          z.string().transform((title) => title.replace(/\s+/g, " ").slice(0, 200)),
        ),
        description: z.preprocess(
          (v) => v ?? "",
          z.string().transform((text) => text.slice(0, 5000)),
        ),
        selected: checkbox.default(false),
      }),
    )
    .max(100)
    .default([]),
});

export const suggestedTopicsFormSchema = suggestedTopicsListSchema.superRefine((value, ctx) => {
  if (value.intent !== "save") return;
  if (!value.topics.some((topic) => topic.selected))
    ctx.addIssue({ code: "custom", path: [], message: "suggest.selectAtLeastOne" });
  value.topics.forEach((topic, i) => {
    if (topic.selected && topic.title.trim() === "")
      ctx.addIssue({ code: "custom", path: ["topics", i, "title"], message: "suggest.titleRequired" });
  });
});

/** A photo's description in the media tab's form: a photo needs one (a recording may go without). */
export const photoDescriptionFormSchema = mediaDescriptionSchema.refine((value) => value.description.trim() !== "", {
  error: "media.descriptionRequired",
  path: ["description"],
});

/** The media tab's photo upload, as the browser sees it: a file chosen, and an optional description. */
export const photoUploadFormSchema = z.object({
  file: chosenFile("media.notImage"),
  description: z.string().max(MEDIA_DESCRIPTION_MAX, { error: "media.descriptionTooLong" }).optional(),
});
