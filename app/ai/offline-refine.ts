/**
 * The offline "refine": a careful typographic clean-up that never adds, removes, reorders or respells a
 * word. Only spaces, line breaks, the case of a sentence's first letter and clearly paired straight
 * double quotes change. It cannot follow a free instruction ("make it warmer"); only an AI server does.
 *
 * What it does, in order:
 * - Unicode NFC (Vietnamese typed with combining accents becomes the usual precomposed letters), \n line ends;
 * - web addresses and e-mail addresses are set aside and come back untouched;
 * - each line is trimmed and runs of spaces or tabs become one space;
 * - no space before , . ; : ! ? (also the French-style space some Vietnamese writers put before ! ? : ;),
 *   except where the mark starts something else (".5", ":)");
 * - one space after , ; : ! ? between words, and after a full stop that ends a word of three letters or
 *   more before a capitalised word ("went.Then") or a word with Vietnamese letters before any word
 *   ("chợ.sau"); never inside numbers (3.5, 1,000, 10:30), "TP.HCM", "example.com" or "photo.jpg";
 * - a space typed before a mark instead of after it moves after it ("mưa .bà" → "mưa. Bà");
 * - the first letter of each paragraph and sentence is capitalised (Unicode-aware: "đ" → "Đ"), except
 *   after an ellipsis, an abbreviation or an initial ("e.g.", "v.v.", "A."), after a closing quote (a
 *   dialogue tag: '"Stop!" she said'), and for words with inner capitals ("iPhone");
 * - paragraphs are separated by exactly one blank line; a line that ends a sentence starts a new paragraph
 *   (one paragraph per line is common when typing), while a line that does not (a hard wrap, a heading)
 *   keeps its single line break, and a list (lines starting with -, *, • or 1.) keeps its lines;
 * - straight double quotes become “ ” only when every one in the paragraph is clearly an opening or a
 *   closing quote; apostrophes and single quotes are left alone.
 * It does not add a final full stop: a paragraph without one may be a heading or a deliberate choice.
 */
export function refineOffline(text: string): string {
  const { masked, restore } = protectAddresses(text.normalize("NFC").replace(/\r\n?/g, "\n"));
  const blocks = masked
    .split(/\n[^\S\n]*\n/)
    .map((block) => block.split("\n").map(tidyLine).filter(Boolean))
    .filter((lines) => lines.length > 0);
  const paragraphs = blocks.flatMap((lines) =>
    listsAndProse(lines).flatMap((run) =>
      run.list ? [run.lines.join("\n")] : splitParagraphs(run.lines).map(capitalise),
    ),
  );
  return restore(paragraphs.map(pairQuotes).join("\n\n"));
}

const LIST_ITEM = /^(?:[-*•–—]|\d{1,3}[.)])\s/u;
/** A line (or sentence) that ends a sentence: . ! ? or … , possibly inside closing quotes or brackets. */
const ENDS_SENTENCE = /[.!?…]["'”’»)\]]*$/u;
const OPENERS = `"'“‘«(\\[`;

/** Web and e-mail addresses are replaced by private-use characters while the text is tidied. */
function protectAddresses(text: string): { masked: string; restore: (text: string) => string } {
  const saved: string[] = [];
  // Text that already holds private-use characters (never typed in practice) is not masked at all.
  if (/[\uE000-\uF8FF]/u.test(text)) return { masked: text, restore: (out) => out };
  const pattern = /(?:\bhttps?:\/\/|\bwww\.)[^\s<>"“”]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
  const masked = text.replace(pattern, (match) => {
    // A sentence's own punctuation right after an address is not part of it.
    const address = match.replace(/[.,;:!?)\]’”]+$/u, "");
    if (saved.length >= 0x1000) return match;
    saved.push(address);
    return `\uE000${String.fromCharCode(0xe100 + saved.length - 1)}${match.slice(address.length)}`;
  });
  const restore = (out: string) =>
    out.replace(/\uE000([\uE100-\uF0FF])/gu, (_, code: string) => saved[code.charCodeAt(0) - 0xe100]!);
  return { masked, restore };
}

/** The line rules, repeated until nothing changes: a space added in "a.b.c" lets the next rule see "b.c". */
function tidyLine(line: string): string {
  let before = "";
  let out = line;
  for (let pass = 0; pass < 5 && out !== before; pass++) [before, out] = [out, tidyOnce(out)];
  return out;
}

function tidyOnce(line: string): string {
  return (
    line
      .trim()
      // Runs of spaces and tabs become one space; a lone no-break space ("10 km") stays.
      .replace(/[^\S\n]+/gu, (run) => (run === "\u00A0" || run === "\u202F" ? run : " "))
      // No space before , . ; : ! ? when the mark ends something (not ".5" or ":)").
      .replace(/[ \u00A0\u202F]+([,.;:!?]+|…)(?=\s|$|["'”’»]|[,.;:!?…])/gu, "$1")
      // A space on the wrong side of a mark ("mưa .Bà", "đi ,về") moves after it. Before : and ; the next
      // word needs two letters, so smileys (":D", ";P") stay.
      .replace(/(?<=[\p{L}\p{M}\p{N}\p{Co}])[ \u00A0\u202F]+([,.!?](?=\p{L})|[:;](?=\p{L}{2}))/gu, "$1 ")
      .replace(/,{2,}/gu, ",")
      .replace(/;{2,}/gu, ";")
      // One space after , ; : ! ? between words (never in numbers: both sides must be letters).
      .replace(/(?<=\p{L})([,;:]|[!?]+)(?=\p{L})/gu, "$1 ")
      // …and between a colon or comma and a quotation that opens on a word ('nói:"Con' → 'nói: "Con').
      .replace(/(?<=\p{L})([:,])(?="\p{L})/gu, "$1 ")
      // After a full stop only before a capitalised word, and only after a word of 3+ letters that is
      // not itself dotted: "nhà.Sau" gets a space, "TP.HCM", "e.g.x" and "Ph.D" do not.
      .replace(/(?<=(?:^|[^\p{L}\p{M}.])[\p{L}\p{M}]{3,})\.(?=\p{Lu}\p{Ll})/gu, ". ")
      // Before a lower-case word too when the word before has a letter outside ASCII ("chợ.sau"): that is
      // no web address or file name ("example.com", "photo.jpg"), which stay.
      .replace(/(?<=(?:^|[^\p{L}\p{M}.])[\p{L}\p{M}]*[^\P{L}\x00-\x7F][\p{L}\p{M}]*)\.(?=\p{Ll})/gu, ". ")
  );
}

/**
 * A block's lines in runs: lists (lines starting with a marker, and the wrapped lines that continue an
 * item) are kept line by line as typed; the prose between them is tidied into paragraphs.
 */
function listsAndProse(lines: string[]): { list: boolean; lines: string[] }[] {
  const runs: { list: boolean; lines: string[] }[] = [];
  for (const line of lines) {
    const last = runs.at(-1);
    const list = LIST_ITEM.test(line) || (!!last?.list && !ENDS_SENTENCE.test(last.lines.at(-1)!));
    if (last && last.list === list) last.lines.push(line);
    else runs.push({ list, lines: [line] });
  }
  return runs;
}

/** Lines that end a sentence end their paragraph; other line breaks (hard wraps, headings) stay. */
function splitParagraphs(lines: string[]): string[] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    paragraphs.at(-1)!.push(line);
    if (ENDS_SENTENCE.test(line) && !endsWithAbbreviation(line)) paragraphs.push([]);
  }
  return paragraphs.filter((p) => p.length > 0).map((p) => p.join("\n"));
}

/** Words followed by a full stop that does not end the sentence (English and Vietnamese), lower case. */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "prof",
  "etc",
  "vs",
  "approx",
  "vol",
  "pp",
  "fig",
  "cf",
  "ca",
  "mt",
  "ft",
  "lt",
  "col",
  "gen",
  "rev",
  "tp",
  "tx",
  "tt",
  "ts",
  "ths",
  "pgs",
  "gs",
  "bs",
  "ks",
  "ng",
  "tr",
]);

/**
 * Whether the word at the end of `textBefore` (just before a full stop) is a dotted word (e.g, v.v, U.S), an initial or
 * a listed abbreviation.
 */
function isAbbreviation(textBefore: string): boolean {
  const word = /([\p{L}\p{M}\p{N}.]+)$/u.exec(textBefore)?.[1] ?? "";
  if (!word) return false;
  if (word.includes(".")) return true;
  if (/^\p{L}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

function endsWithAbbreviation(line: string): boolean {
  return /[^.]\.$/u.test(line) && isAbbreviation(line.slice(0, -1));
}

function upperFirst(word: string): string {
  if (/\p{Lu}/u.test(word.slice(1))) return word; // "iPhone", "eBay": inner capitals are on purpose
  const first = word[0]!.toUpperCase();
  return first.length === 1 ? first + word.slice(1) : word;
}

/** Capitalises the paragraph's first letter and the first letter after each sentence end within it. */
function capitalise(paragraph: string): string {
  const start = new RegExp(`^([${OPENERS}]*)(\\p{Ll}[\\p{L}\\p{M}]*)`, "u");
  let out = paragraph.replace(start, (_, open: string, word: string) => open + upperFirst(word));
  const after = new RegExp(`([.!?]+)(\\s+)([${OPENERS}]?)(\\p{Ll}[\\p{L}\\p{M}]*)`, "gu");
  out = out.replace(
    after,
    (match, end: string, space: string, open: string, word: string, offset: number, whole: string) => {
      if (end.includes(".") && (end.length > 1 || isAbbreviation(whole.slice(0, offset)))) return match;
      return end + space + open + upperFirst(word);
    },
  );
  return out;
}

/**
 * Straight double quotes become “ ” when each one is clearly an opening quote (at the start or after a
 * space or bracket, before a non-space) or a closing one (after a non-space, before a space, mark or
 * the end), alternating. Anything less clear is left as typed.
 */
function pairQuotes(paragraph: string): string {
  const positions = [...paragraph.matchAll(/"/g)].map((m) => m.index);
  if (positions.length === 0 || positions.length % 2 !== 0) return paragraph;
  const opens = (i: number) => (i === 0 || /[\s([—–-]/u.test(paragraph[i - 1]!)) && /\S/u.test(paragraph[i + 1] ?? "");
  // After a digit it may be an inch mark (5"), so that is not clearly a closing quote.
  const closes = (i: number) =>
    i > 0 &&
    /[^\s\p{N}]/u.test(paragraph[i - 1]!) &&
    (i === paragraph.length - 1 || /[\s,.;:!?…)\]—–-]/u.test(paragraph[i + 1]!));
  if (!positions.every((at, n) => (n % 2 === 0 ? opens(at) : closes(at)))) return paragraph;
  // matchAll gives code-unit indices, so the text is split into code units (a quote is one).
  const units = paragraph.split("");
  positions.forEach((at, n) => (units[at] = n % 2 === 0 ? "“" : "”"));
  return units.join("");
}
