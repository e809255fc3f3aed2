/** Cuts text to at most `max` characters (whole code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
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
