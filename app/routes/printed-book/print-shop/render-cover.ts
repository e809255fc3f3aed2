import fs from "node:fs";
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import type { SourceBook } from "../keepsake/source";
import { drawQrCode } from "../layout/draw-qr";
import type { BookFonts } from "../layout/fonts";
import type { PrintSize } from "../layout/print-job";
import { type CoverSpread, coverSpread } from "./cover-spread";
import { coverLine, coverText } from "./cover-text";
import { fitLine } from "./fit-line";
import { type Paper, spineCarriesText } from "./spine";

type Doc = PDFKit.PDFDocument;

export type CoverJob = {
  book: SourceBook;
  size: PrintSize;
  paper: Paper;
  /** The interior's page count, which sets the spine's width. */
  pages: number;
  /** Whether the back carries a code that opens the book's share page (when the book has a lasting link). */
  backCode: boolean;
  fonts: BookFonts;
};

const FONT = { regular: "serif", bold: "serif-bold", italic: "serif-italic" } as const;
const INK = "#1a1a1a";
const MUTED = "#555555";
/** The plain cover's colour, the printed book's (render-book.ts), here to the bleed of the whole spread. */
const PLAIN = "#efe7da";
const INCH = 72;
/** Nothing that must be read comes nearer the trim than this: a trim may drift by 1/16 in to 1/8 in. */
const SAFE = 0.25 * INCH;
/** The room left across the spine on each side of its text, for a fold that drifts. */
const SPINE_MARGIN = 0.0625 * INCH;
/** The back's code: 1 in, modules of half a millimetre and more, which a phone reads from a hand's length. */
const CODE_SIDE = INCH;

/**
 * The print shop's cover (issue 38 §2, ADR 0044): one page holding the spread of back cover, spine and front cover
 * with 0.125 in of bleed on every side, its TrimBox and BleedBox set, its fonts embedded, no crop marks. The front is
 * the printed book's cover (the picture to the bleed under a pale band with the title), the spine carries the title
 * and the storyteller's name when it is wide enough, and the back the book's description and, when asked and the
 * book has a lasting link, a code that opens its share page.
 */
export async function renderCoverPdf(job: CoverJob, out: Writable): Promise<void> {
  const spread = coverSpread(job.size, job.pages, job.paper);
  const title = coverLine(job.book.title);
  const doc = new PDFDocument({
    size: [spread.width, spread.height],
    margin: 0,
    // The fonts from the start: pdfkit's own default, Helvetica, is one a PDF cannot embed.
    font: job.fonts.regular,
    lang: job.book.language,
    displayTitle: true,
    info: { Title: title, Creator: "Heirloom" },
  });
  doc.registerFont(FONT.regular, job.fonts.regular);
  doc.registerFont(FONT.bold, job.fonts.bold);
  doc.registerFont(FONT.italic, job.fonts.italic);
  // pdfkit writes the page's dictionary as it is when the page ends; its types know only the entries it sets itself.
  Object.assign(doc.page.dictionary.data, { TrimBox: spread.trimBox, BleedBox: spread.bleedBox });
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    doc.on("error", reject);
  });
  doc.pipe(out);

  const storyteller = job.book.storyteller ? coverLine(job.book.storyteller) : "";
  doc.rect(0, 0, spread.width, spread.height).fill(PLAIN);
  front(doc, spread, job.book.cover, title, storyteller);
  if (spineCarriesText(spread.spine.inches)) spine(doc, spread, title, storyteller);
  const t = fastT(job.book.language, resources[job.book.language].translation);
  const code =
    job.backCode && job.book.shareUrl
      ? {
          url: job.book.shareUrl,
          line: storyteller ? t("printShop.backCode", { name: storyteller }) : t("printShop.backCodeNoName"),
        }
      : null;
  back(doc, spread, coverText(job.book.description), code);
  doc.end();
  await finished;
}

/** The cover picture as pdfkit opened it, or null when there is none or it cannot be read: the cover is plain then. */
function openPicture(doc: Doc, file: string | null): unknown {
  if (!file) return null;
  try {
    return (doc as unknown as { openImage: (src: Buffer) => unknown }).openImage.call(doc, fs.readFileSync(file));
  } catch {
    return null;
  }
}

/** The front, as the printed book's first page: the picture to the bleed, the title on a pale band across it. */
function front(doc: Doc, spread: CoverSpread, file: string | null, title: string, storyteller: string): void {
  const { front: panel, page } = spread;
  // From the fold to the bleed's edge: the picture is cut at the spine, never over it.
  const area = { x: panel.x, width: spread.width - panel.x };
  const picture = openPicture(doc, file);
  if (picture) {
    doc.save().rect(area.x, 0, area.width, spread.height).clip();
    doc.image(picture as Buffer, area.x, 0, {
      cover: [area.width, spread.height],
      align: "center",
      valign: "center",
    });
    doc.restore();
  }
  const side = Math.max(SAFE, page.margin.side);
  const left = panel.x + side;
  const width = panel.width - 2 * side;
  const titleSize = Math.round(page.body * 2.4);
  const nameSize = page.body * 1.3;
  doc.font(FONT.bold).fontSize(titleSize);
  const titleHeight = doc.heightOfString(title, { width, align: "center" });
  doc.font(FONT.italic).fontSize(nameSize);
  const name = storyteller ? fitLine(doc, storyteller, width) : "";
  const nameHeight = name ? doc.currentLineHeight(true) + page.body * 0.5 : 0;
  const pad = page.body * 1.5;
  const bandHeight = Math.min(titleHeight + nameHeight + 2 * pad, panel.height * 0.6);
  const bandTop = panel.y + panel.height * 0.62 - bandHeight / 2;
  doc.save().fillOpacity(0.88).rect(area.x, bandTop, area.width, bandHeight).fill("#ffffff").restore();
  // A title too long for the band ends in an ellipsis where the band does.
  const titleRoom = bandHeight - 2 * pad - nameHeight;
  doc.fillColor(INK).font(FONT.bold).fontSize(titleSize);
  doc.text(title, left, bandTop + pad, { width, align: "center", height: titleRoom, ellipsis: true });
  if (name) {
    doc.fillColor(MUTED).font(FONT.italic).fontSize(nameSize);
    doc.text(name, left, bandTop + bandHeight - pad - doc.currentLineHeight(true), {
      width,
      align: "center",
      lineBreak: false,
    });
  }
}

/**
 * The spine: the title from its head and the storyteller's name toward its foot, on one line reading from top to
 * bottom (the tops of the letters toward the front cover, as books are lettered in the US and the UK), in type as
 * large as the spine's width allows within its margins, up to the size of a story's title. What does not fit along
 * the spine ends in an ellipsis.
 */
function spine(doc: Doc, spread: CoverSpread, title: string, storyteller: string): void {
  const { spineBox: box, page } = spread;
  const across = box.width - 2 * SPINE_MARGIN;
  doc.font(FONT.bold).fontSize(1);
  const lineRatio = doc.currentLineHeight();
  const size = Math.min(page.body * 1.3, across / lineRatio);
  const along = box.height - 2 * SAFE;
  doc.font(FONT.italic).fontSize(size);
  const name = storyteller ? fitLine(doc, storyteller, along * 0.4) : "";
  const nameWidth = name ? doc.widthOfString(name) : 0;
  doc.font(FONT.bold).fontSize(size);
  const shown = fitLine(doc, title, along - nameWidth - (name ? size * 2 : 0));
  doc.save();
  // Turned a quarter clockwise about the spine's head: x runs down the spine and y toward the back cover.
  doc.translate(box.x + box.width - SPINE_MARGIN - (across - size * lineRatio) / 2, box.y + SAFE).rotate(90);
  if (shown) doc.fillColor(INK).text(shown, 0, 0, { lineBreak: false });
  if (name)
    doc
      .fillColor(MUTED)
      .font(FONT.italic)
      .text(name, along - nameWidth, 0, { lineBreak: false });
  doc.restore();
}

/**
 * The back: the description from the top of the type area, and the code with its line at the foot, the code on white
 * so that it reads on any paper. Both keep to the interior's margins, which are all outside the safe area.
 */
function back(doc: Doc, spread: CoverSpread, description: string, code: { url: string; line: string } | null) {
  const { back: panel, page } = spread;
  const side = Math.max(SAFE, page.margin.side);
  const left = panel.x + side;
  const width = panel.width - 2 * side;
  const top = panel.y + Math.max(SAFE, page.margin.top);
  const bottom = panel.y + panel.height - Math.max(SAFE, page.margin.bottom);
  let textBottom = bottom;
  if (code) {
    const y = bottom - CODE_SIDE;
    doc.rect(left, y, CODE_SIDE, CODE_SIDE).fill("#ffffff");
    drawQrCode(doc, code.url, left, y, CODE_SIDE);
    const lineLeft = left + CODE_SIDE + page.body;
    const lineWidth = width - CODE_SIDE - page.body;
    doc.fillColor(INK).font(FONT.italic).fontSize(page.body);
    const lineHeight = Math.min(doc.heightOfString(code.line, { width: lineWidth }), CODE_SIDE);
    doc.text(code.line, lineLeft, y + (CODE_SIDE - lineHeight) / 2, {
      width: lineWidth,
      height: CODE_SIDE,
      ellipsis: true,
    });
    textBottom = y - page.body * 2;
  }
  if (!description) return;
  doc
    .fillColor(INK)
    .font(FONT.regular)
    .fontSize(page.body + 1);
  doc.text(description, left, top, {
    width,
    height: textBottom - top,
    ellipsis: true,
    lineGap: (page.body + 1) * 0.25,
  });
}
