import { STORY_TITLE_MAX } from "./limits";

/** Cuts text to at most `max` characters (whole code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const trimmed = text.trim();
  // A string has at least as many UTF-16 units as code points: one this short is never cut, and a longer one is
  // cut within its first 2 × max units, so only those are split into code points.
  if (trimmed.length <= max) return trimmed;
  const chars = Array.from(trimmed.slice(0, 2 * max + 2));
  return chars.length <= max ? trimmed : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/**
 * A clause shorter than this ("Hồi nhỏ", "As a child") does not yet say what the question asks about, so a title
 * taken from a question runs on to the next clause.
 */
const CLAUSE_MIN_CHARS = 20;

/** Where a question's clauses end: a comma, semicolon or colon, or a dash between spaces. */
const CLAUSE_END = /[,;:，；：](?=\s)|\s[—–-](?=\s)/gu;

/** Punctuation and spaces a title does not end with: a question mark, a full stop, a clause's comma. */
const TRAILING = /[\s?？.!:;,，；：…—–-]+$/u;

/** The start of `text` within `max` characters, ended after a whole word (one longer word is cut inside it). */
export function wholeWordsWithin(text: string, max: number): string {
  const plain = text.trim();
  if (Array.from(plain).length <= max) return plain;
  let kept = "";
  for (const word of plain.split(/\s+/u)) {
    const next = kept ? `${kept} ${word}` : word;
    if (Array.from(next).length > max) break;
    kept = next;
  }
  return kept || Array.from(plain).slice(0, max).join("");
}

/**
 * The title an answer to `question` starts with (issue 35): the question's first clause, in whole words and without
 * an ellipsis, so that what becomes the story's heading in the book is a phrase and never a phrase cut off. A first
 * clause too short to say anything takes the next one too; a question of one clause is the title whole, without its
 * question mark. The whole question is shown above the form.
 */
export function titleFromQuestion(question: string): string {
  const plain = question.trim().replace(TRAILING, "");
  for (const end of plain.matchAll(CLAUSE_END)) {
    const clause = plain.slice(0, end.index).replace(TRAILING, "");
    if (Array.from(clause).length >= CLAUSE_MIN_CHARS) return wholeWordsWithin(clause, STORY_TITLE_MAX);
  }
  return wholeWordsWithin(plain, STORY_TITLE_MAX);
}

/**
 * The start of `text` within `max` characters, ended at the last blank line (between two paragraphs)
 * that fits, or cut there when none does; the whole text when it fits.
 */
export function clipAtParagraph(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.lastIndexOf("\n\n", max);
  return (end > 0 ? text.slice(0, end) : text.slice(0, max)).trimEnd();
}

/** A story's text as its paragraphs: the family writes blank lines between them. */
export function storyParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const spacing = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The transcripts of a story's recordings that its text does not already hold: with an AI server, a recording's
 * words are added to the story's text when it is saved, and must not be shown twice.
 */
export function untoldTranscripts(text: string, transcripts: (string | null)[]): string[] {
  const told = spacing(text);
  return transcripts
    .map((transcript) => transcript?.trim() ?? "")
    .filter((transcript) => transcript && !told.includes(spacing(transcript)));
}
