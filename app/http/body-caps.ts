import { COVER_MAX_BYTES } from "../lib/covers";

// How large a request body each form and /api route accepts (ADR 0019). The body is refused with a 413
// past its cap while it streams in (app/http/request-body.server.ts); the caps of uploaded files are
// beside their rules: IMAGE_/AUDIO_UPLOAD_MAX_BYTES (limits.ts), IMPORT_MAX_BYTES (keepsake-format.ts).

/**
 * Most page forms: a few short fields (sign-in, preferences, profile, the admin's user forms, the topic page, the
 * workspace's own form routes).
 */
export const FORM_MAX_BYTES = 64 * 1024;
/** The suggest-topics dialog: titles and descriptions of a few dozen topics. */
export const SUGGEST_FORM_MAX_BYTES = 256 * 1024;
/**
 * The book and workspace forms' text: a story or a topic draft of 200,000 characters urlencoded, or a cover as a data
 * URL.
 */
export const BOOK_FORM_FIELDS_MAX_BYTES = COVER_MAX_BYTES + 256 * 1024;
/** An /api JSON body, unless the route says otherwise. */
export const JSON_MAX_BYTES = 1024 * 1024;
/** POST /api/books and PUT /api/books/{id}: a 2 MB cover as base64 in the JSON, and the book's fields. */
export const BOOK_JSON_MAX_BYTES = Math.ceil((COVER_MAX_BYTES * 4) / 3) + 64 * 1024;
/**
 * The storyteller's answer (/tell/{token}) besides its recording: her writing, up to LONG_TEXT_MAX characters, which a
 * urlencoded form spells at up to nine bytes each (a Vietnamese letter is three bytes, each sent as %XX).
 */
export const TELL_FORM_FIELDS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A storyteller's emailed reply as a relay pipes it (issue 37): the common providers stop at 25 MB of attachments,
 * which base64 makes about 34 MB; each recording and photo is then held to its own cap.
 */
export const INBOUND_MAIL_MAX_BYTES = 40 * 1024 * 1024;
