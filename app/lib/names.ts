// Sign-in names: usernames and emails are one namespace (issue 16). Free of any library, so the
// form schemas in the browser bundle use the same rules as the models.

/**
 * The key a username or an email is stored and looked up by: NFKC, then lower case, then NFKC again
 * (lower-casing can leave a string that is no longer normalised), without surrounding spaces.
 * "ＭＩＮＨ", "Minh" and "minh" are one name; so are "hương" typed composed and with combining marks.
 */
export function nameKey(value: string): string {
  return value.normalize("NFKC").toLowerCase().normalize("NFKC").trim();
}

/**
 * Characters that are not seen, or that change how the characters around them are shown: controls,
 * format characters (category Cf: zero-width joiners and spaces, bidi controls, tags), Unicode's
 * default-ignorable code points (soft hyphen, variation selectors, fillers), line and paragraph
 * separators, surrogates, private-use and unassigned code points. "admin\u200b" looks like "admin".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** True when a username holds a character that a reader cannot see, before or after normalisation. */
export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value) || INVISIBLE.test(nameKey(value));
}
