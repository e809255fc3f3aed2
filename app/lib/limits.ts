// Business limits of SPEC §5 and §9, free of any library so the browser bundle can use them.
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
/** Autocomplete asks from this many characters, after this pause in typing (SPEC §4, §9). */
export const AUTOCOMPLETE_MIN_CHARS = 10;
export const AUTOCOMPLETE_DEBOUNCE_MS = 2000;
