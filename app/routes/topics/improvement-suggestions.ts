/**
 * Parses the improvement suggestions text of POST /api/stories/suggest-improvements (docs/product.md §2: numbered
 * items and headings such as Strengths / Điểm mạnh) into what the topic editor lists. Client-safe, no
 * dependencies: it reads the offline provider's format (ADR 0010) and what a language model tends to
 * write instead: markdown headings and bold ("## Strengths", "**Điểm mạnh:**"), "1." / "1)" / "(1)"
 * numbering, "-", "*" or "•" bullets, items wrapped over several lines, an introduction and a closing
 * remark (both dropped). Text with no items at all is read one paragraph per suggestion.
 */
export type ImprovementSuggestions = { suggestions: string[]; strengths: string[] };

const ITEM = /^(?:\d{1,3}[.)]|\(\d{1,3}\)|[-*•–+])\s+(.*)$/u;
const STRENGTHS = /strengths?|what works( well)?|what'?s working|điểm mạnh|ưu điểm|điểm tốt|điểm hay/iu;
const MARKDOWN_HEADING = /^#{1,6}\s+/u;

/** Markdown emphasis and trailing colons off a heading or an item. */
function plain(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*|__(.+?)__/gu, (_, a?: string, b?: string) => a ?? b ?? "")
    .replace(/(^|\s)[*_](\S(?:.*?\S)?)[*_](?=\s|$|[.,:;!?])/gu, "$1$2")
    .replace(/\*\*|__|`/gu, "") // what is left unpaired, e.g. of "**1. Dates:** Say when"
    .trim();
}

/** A line that names a section rather than saying something: "## Strengths", "**Suggestions:**", "Điểm mạnh:". */
function headingOf(line: string): string | null {
  const bare = line.trim();
  const markdown = MARKDOWN_HEADING.test(bare);
  const bold = /^(\*\*|__)[^*_]+\1:?$/u.test(bare);
  const text = plain(bare.replace(MARKDOWN_HEADING, "")).replace(/:$/u, "").trim();
  if (!text || text.length > 80) return null;
  if (markdown || bold || bare.endsWith(":")) return text;
  // A short line that is exactly a known heading, without any marking ("Strengths").
  return STRENGTHS.test(text) && text.split(/\s+/u).length <= 4 ? text : null;
}

export function parseImprovementSuggestions(text: string): ImprovementSuggestions {
  const out: ImprovementSuggestions = { suggestions: [], strengths: [] };
  let section: keyof ImprovementSuggestions = "suggestions";
  let current: string[] | null = null; // the lines of the item being read
  let blankSince = false;
  const flush = () => {
    if (current) {
      const item = plain(current.join(" ").replace(/\s+/gu, " "));
      if (item) out[section].push(item);
    }
    current = null;
  };
  let sawItem = false;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      blankSince = true;
      continue;
    }
    const item = ITEM.exec(line.replace(/^(\*\*|__)(?=\d{1,3}[.)]\s)/u, ""));
    const indented = /^\s{2,}/u.test(raw);
    if (item && !(indented && current)) {
      flush();
      current = [item[1]!];
      sawItem = true;
    } else if (current && (indented || (!blankSince && !headingOf(line)))) {
      // The item goes on: a wrapped line, or an indented sub-point.
      current.push(item ? item[1]! : line);
    } else {
      flush();
      const heading = headingOf(line);
      if (heading) section = STRENGTHS.test(heading) ? "strengths" : "suggestions";
      // Anything else (an introduction, a closing remark) is not an item.
    }
    blankSince = false;
  }
  flush();
  if (!sawItem) return { suggestions: paragraphs(text), strengths: [] };
  return out;
}

/** No item markers at all: each paragraph that is not a heading is one suggestion. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/u)
    .map((p) => p.trim())
    .filter((p) => p && !(headingOf(p) && !p.includes("\n")))
    .map((p) => plain(p.replace(/\s+/gu, " ")));
}
