// The AI's own words in a preview (issue 35, ADR 35): a sentence a language model adds between the family's stories
// is never passed off as theirs. The model writes each one as a marker, "[AI: …]", on a line of its own; the preview
// shows it apart, with a way to keep it, and the downloaded text leaves it out until the owner keeps it. Kept, the
// marker becomes its words, plain text like the rest of the family's draft.

/** The marker as a model writes it: "[AI: Rồi một mùa hè khác đến.]". */
const MARKER = /\[AI:\s*([^\]\n]*)\]/g;

/**
 * `text` cut into the family's pieces and the AI's: `{ ai: false, text }` for what lies between markers, `{ ai: true,
 * text, index }` for a marker's words, in order.
 */
export function splitAiWords(
  text: string,
): ({ ai: false; text: string } | { ai: true; text: string; index: number })[] {
  const pieces: ({ ai: false; text: string } | { ai: true; text: string; index: number })[] = [];
  let at = 0;
  let index = 0;
  for (const match of text.matchAll(MARKER)) {
    pieces.push({ ai: false, text: text.slice(at, match.index) });
    pieces.push({ ai: true, text: match[1]!.trim(), index: index++ });
    at = match.index + match[0].length;
  }
  pieces.push({ ai: false, text: text.slice(at) });
  return pieces;
}

/**
 * `text` with the AI's words its owner has not kept left out, with the blank line they stood in: what the downloaded
 * `.txt` and the printout hold.
 */
export function withoutAiWords(text: string): string {
  return text
    .replace(/[ \t]*\[AI:[^\]\n]*\][ \t]*/g, (marker, at: number, whole: string) => {
      // Between two words of a line it leaves their space; at a line's start or end, nothing.
      const lineStart = at === 0 || whole[at - 1] === "\n";
      const lineEnd = at + marker.length === whole.length || whole[at + marker.length] === "\n";
      return lineStart || lineEnd ? "" : " ";
    })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * `text` with its `index`-th marker made the owner's plain words, or null when that marker is not there or holds other
 * words (the preview changed since the page was drawn): nothing is kept that the owner did not see.
 */
export function keepAiWords(text: string, index: number, words: string): string | null {
  let seen = 0;
  let kept = false;
  const result = text.replace(MARKER, (marker, found: string) => {
    if (seen++ !== index) return marker;
    if (found.trim() !== words.trim()) return marker;
    kept = true;
    return found.trim();
  });
  return kept ? result : null;
}
