const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * `text` on one line at most `width` points wide in the document's current font and size: whole when it fits,
 * otherwise its longest start that fits with an ellipsis after it, cut between letters as they are seen (a Vietnamese
 * letter and its marks stay together); empty when not even the ellipsis fits.
 */
export function fitLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const letters = Array.from(graphemes.segment(text), (part) => part.segment);
  const cut = (n: number) => `${letters.slice(0, n).join("").trimEnd()}…`;
  let low = 0;
  let high = letters.length - 1;
  if (doc.widthOfString(cut(0)) > width) return "";
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(cut(mid)) <= width) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}
