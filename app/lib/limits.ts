// Business limits of SPEC §5 and §9, free of any library so the browser bundle can use them.
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
/** Upload caps (issue 5): a photo before it is re-encoded, and about 10 minutes of webm/opus with room to spare. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const AUDIO_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const MEDIA_DESCRIPTION_MAX = 500;
/** Autocomplete asks from this many characters, after this pause in typing (SPEC §4, §9). */
export const AUTOCOMPLETE_MIN_CHARS = 10;
export const AUTOCOMPLETE_DEBOUNCE_MS = 2000;
/** The share dialog offers a few lifetimes rather than a calendar: until revoked, or this many days. */
export const SHARE_LIFETIMES = ["never", "7", "30", "365"] as const;
/** The longest text the app keeps in one field: a story, its refined text, a topic's draft narrative, a transcription. */
export const LONG_TEXT_MAX = 200_000;
