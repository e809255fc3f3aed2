import { LIFE_THEMES, type LifeTheme } from "./themes";

/** Lower-case, NFC text, so keywords with Vietnamese diacritics match however the text was typed. */
export function normalize(text: string): string {
  return text.normalize("NFC").trim().toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A keyword matches as a whole word (or an English inflection of it: "parents", "cooking"), not
 * inside another word. Plain substring matching would find "anh" (siblings) in "bánh" or "cha"
 * (parents) in "chapter", which in Vietnamese, built of short syllables, happens all the time.
 */
const KEYWORD_PATTERNS = new Map<string, RegExp>(
  LIFE_THEMES.flatMap((theme) => theme.keywords).map((keyword) => [
    keyword,
    new RegExp(
      `(?<![\\p{L}\\p{N}])${escapeRegExp(normalize(keyword))}(?:s|es|ed|ing|er|ers|ren)?(?![\\p{L}\\p{N}])`,
      "u",
    ),
  ]),
);

/** How strongly a text points at a theme: the number of its keywords found in the text. */
export function score(theme: LifeTheme, text: string): number {
  return theme.keywords.reduce((n, keyword) => (KEYWORD_PATTERNS.get(keyword)?.test(text) ? n + 1 : n), 0);
}
