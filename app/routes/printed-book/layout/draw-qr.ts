import { encode } from "uqr";

/**
 * Draws a QR code as vector squares at (x, y), `side` points wide with its quiet zone inside: it prints sharp at any
 * resolution and adds a few hundred bytes, not an image. Error correction M, as on the storyteller's card (ADR 0028):
 * a book's page gets worn.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number): void {
  const quiet = 2;
  const { data } = encode(text, { ecc: "M", border: 0 });
  const module = side / (data.length + 2 * quiet);
  doc.save().fillColor("#000000");
  data.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      doc.rect(x + (quiet + start) * module, y + (quiet + r) * module, (c - start) * module, module);
    }
  });
  doc.fill().restore();
}
