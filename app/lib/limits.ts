// Business limits of docs/product.md §5 and §9, free of any library so the browser bundle can use them.
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
/** Upload caps (issue 5): a photo before it is re-encoded, and about 10 minutes of webm/opus with room to spare. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIO_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const MEDIA_DESCRIPTION_MAX = 500;
/** Autocomplete asks from this many characters, after this pause in typing (docs/product.md §4, §9). */
export const AUTOCOMPLETE_MIN_CHARS = 10;
export const AUTOCOMPLETE_DEBOUNCE_MS = 2000;
/** The share dialog offers a few lifetimes rather than a calendar: until revoked, or this many days. */
export const SHARE_LIFETIMES = ["never", "7", "30", "365"] as const;
/** The dialogs whose form makes a share link, and which the link comes back to (`?dialog=…`). */
export const SHARE_FORM_DIALOGS = ["share", "pdf"] as const;
/**
 * The library shows six of each at first, and "show more" adds six (docs/product.md §9); the address may ask for up to
 * this many.
 */
export const LIBRARY_PAGE_SIZE = 6;
export const LIBRARY_MAX = 600;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Sign-in limits (docs/operations.md "Sign-in limits", ADR 0020). Every attempt is counted before its password is
 * checked; a success gives its own attempt back and forgives its account's failures from that address.
 * - `accountAndClient` is the limit that locks: one account from one client address. A stranger
 *   elsewhere exhausts only their own pair and cannot lock the owner out.
 * - `account` counts one account's attempts from every address, against guesses spread over many
 *   addresses. It needs at least ten addresses to reach, and 100 is NIST SP 800-63B's ceiling.
 * - `client` counts one address's attempts over every account, against trying one password on many.
 */
export const LOGIN_LIMITS = {
  accountAndClient: { limit: 10, windowMs: FIFTEEN_MINUTES },
  account: { limit: 100, windowMs: FIFTEEN_MINUTES },
  client: { limit: 50, windowMs: FIFTEEN_MINUTES },
} as const;
/** The longest title a story may have (docs/product.md §9). */
export const STORY_TITLE_MAX = 300;
/**
 * The longest text the app keeps in one field: a story, its refined text, a topic's draft narrative, a transcription.
 */
export const LONG_TEXT_MAX = 200_000;
/** A storyteller's link works this many days unless its maker chooses otherwise (issue 18, ADR 0028). */
export const STORYTELLER_LINK_DAYS = 90;
/** The lifetimes, in days, the invite form offers; the middle one is the default above. */
export const STORYTELLER_LIFETIMES = ["30", "90", "365"] as const;
/** The longest a storyteller's link may last, by the form or by the API (400 beyond): the form's longest choice. */
export const STORYTELLER_LINK_MAX_DAYS = Number(STORYTELLER_LIFETIMES[STORYTELLER_LIFETIMES.length - 1]);
/**
 * Answers one storyteller link may send in a window (ADR 0020's limiter). Twenty in fifteen minutes is more than anyone
 * speaks; a leaked link cannot fill the book or the owner's storage. A retry of an answer already kept is not counted.
 */
export const STORYTELLER_ANSWER_LIMIT = { limit: 20, windowMs: FIFTEEN_MINUTES } as const;

/** The largest id a row can have: the id columns are 32-bit integers on PostgreSQL (issue 21). */
export const ID_MAX = 2_147_483_647;
