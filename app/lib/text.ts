/** Cuts text to at most `max` characters (whole code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** How long a story title pre-filled from its question may be: what a phone's title field shows whole. */
const STORY_TITLE_FROM_QUESTION = 28;

/**
 * A short title for an answer to `question`: the question without its question mark when it fits the
 * title field, else its first whole words within the limit, with an ellipsis. The whole question is shown
 * above the form, so the title only needs to recognise it.
 */
export function titleFromQuestion(question: string): string {
  const plain = question.trim().replace(/[\s?？.!:;,]+$/u, "");
  if (Array.from(plain).length <= STORY_TITLE_FROM_QUESTION) return plain;
  const words = plain.split(/\s+/u);
  let title = "";
  for (const word of words) {
    const next = title ? `${title} ${word}` : word;
    if (Array.from(next).length > STORY_TITLE_FROM_QUESTION - 1) break;
    title = next;
  }
  // A first word longer than the limit is cut inside it.
  return `${(title || truncate(plain, STORY_TITLE_FROM_QUESTION - 1).slice(0, -1)).replace(/[\s,;:]+$/u, "")}…`;
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
