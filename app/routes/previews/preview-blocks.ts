// A preview's text as blocks (docs/product.md §2): paragraphs separated by blank lines, "#" headings, image
// markers of the forms [IMAGE n: description] and [IMAGE ID:n: caption], which render as images, and the AI's own
// words, [AI: …], shown apart until the owner keeps them (issue 35, app/routes/previews/ai-words.ts).
import { splitAiWords, withoutAiWords } from "./ai-words";

// The workspace sends one page of blocks, never a whole preview (ADR 0023): a paragraph longer than
// PREVIEW_BLOCK_MAX_CHARS is shown as several, so that a page stays small however a text was written.

/** A page of a topic's preview, and of the whole book's (docs/product.md §9). */
export const TOPIC_BLOCKS_PER_PAGE = 10;
export const BOOK_PARAGRAPHS_PER_PAGE = 15;

/** The longest block a page holds: a longer paragraph is cut, between words, into blocks of at most this. */
export const PREVIEW_BLOCK_MAX_CHARS = 4000;

export type PreviewBlock =
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "image"; src: string; description: string }
  /** Words an AI server added; `index` is the marker's place in the whole text, which keeping it names. */
  | { kind: "ai"; text: string; index: number };

const IMAGE_BY_ID = /^\[IMAGE ID:(\d+):\s*([^\]]*)\]$/i;
const IMAGE_BY_DESCRIPTION = /^\[IMAGE \d+:\s*([^\]]*)\]$/i;

const ANY_IMAGE_MARKER = /\[IMAGE (?:ID:)?\d+:\s*([^\]]*)\]/gi;

/**
 * A preview as a reader of its downloaded `.txt` sees it: each image marker written as a line a person reads,
 * "[Photo: caption]" in the book's language (`photoLine`), instead of the marker the workspace draws as an image; and
 * only the words the family wrote or kept: the AI's words not kept are left out (issue 35).
 */
export function readablePreviewText(text: string, photoLine: (caption: string) => string): string {
  return withoutAiWords(text).replace(ANY_IMAGE_MARKER, (_marker, caption: string) => photoLine(caption.trim()));
}

function toBlock(text: string): PreviewBlock {
  const heading = /^(#{1,3})\s+(.+)$/.exec(text);
  if (heading) return { kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]!.trim() };
  const byId = IMAGE_BY_ID.exec(text);
  if (byId) return { kind: "image", src: `/api/media/render/id:${byId[1]}`, description: byId[2]!.trim() };
  const byDescription = IMAGE_BY_DESCRIPTION.exec(text);
  if (byDescription)
    return {
      kind: "image",
      src: `/api/media/render/${encodeURIComponent(byDescription[1]!.trim())}`,
      description: byDescription[1]!.trim(),
    };
  return { kind: "paragraph", text };
}

/** `text` in pieces of at most `max` characters, cut after a space where there is one. */
function cut(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const end = space > max / 2 ? space + 1 : max;
    pieces.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Blocks in order; a marker inside a paragraph still becomes its own image, or its own words of the AI's. */
export function previewBlocks(text: string): PreviewBlock[] {
  return splitAiWords(text).flatMap((piece): PreviewBlock[] =>
    piece.ai ? [{ kind: "ai", text: piece.text, index: piece.index }] : familyBlocks(piece.text),
  );
}

/** The blocks of text without the AI's markers. */
function familyBlocks(text: string): PreviewBlock[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((chunk) => {
      const lines = chunk.split("\n");
      const out: string[] = [];
      let paragraph: string[] = [];
      for (const line of lines) {
        if (/^\[IMAGE [^\]]+\]$/i.test(line.trim())) {
          if (paragraph.length) out.push(paragraph.join("\n"));
          paragraph = [];
          out.push(line.trim());
        } else paragraph.push(line);
      }
      if (paragraph.length) out.push(paragraph.join("\n"));
      return out;
    })
    .map((block) => block.trim())
    .filter(Boolean)
    .map(toBlock)
    .flatMap((block) =>
      block.kind === "paragraph" && block.text.length > PREVIEW_BLOCK_MAX_CHARS
        ? cut(block.text, PREVIEW_BLOCK_MAX_CHARS).map((text) => ({ kind: "paragraph" as const, text }))
        : [block],
    );
}

/** One page of blocks, 1-based; the page is clamped to the ones that exist. */
export function pageOf<T>(items: T[], perPage: number, page: number): { items: T[]; page: number; count: number } {
  const count = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, page), count);
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, count };
}

/** One page of a preview, the way the workspace sends it: its blocks, which page it is and how many there are. */
export type PreviewPage = { blocks: PreviewBlock[]; page: number; count: number };

export function previewPage(text: string, perPage: number, page: number): PreviewPage {
  const shown = pageOf(previewBlocks(text), perPage, page);
  return { blocks: shown.items, page: shown.page, count: shown.count };
}
