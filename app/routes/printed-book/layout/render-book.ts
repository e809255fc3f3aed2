import fs from "node:fs";
import { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { drawQrCode } from "./draw-qr";
import { PAGE_GEOMETRY } from "./page-geometry";
import type { BookSource, SourceChapter, SourcePhoto, SourceStory } from "../keepsake/source";
import type { PhotoPlacement } from "../print-shop/photo-resolution";
import { BLEED } from "../print-shop/spine";
import type { BookFonts } from "./fonts";
import { jpegSize } from "./jpeg-size";
import type { PrintSize } from "./print-job";

type Doc = PDFKit.PDFDocument;
/** What each page is, for the running heads and folios drawn once everything is laid out. */
type PageRole = { kind: "cover" | "blank" | "title" | "contents" | "opener" | "body"; chapter?: string };

const FONT = { regular: "serif", bold: "serif-bold", italic: "serif-italic" } as const;
const INK = "#1a1a1a";
const MUTED = "#555555";
/** A voice code's side: 0.9 in, modules of about half a millimetre, which a phone reads from a hand's length. */
const QR_SIDE = 65;

/**
 * pdfkit keeps the shaping of every word it has set, for the life of the document (`EmbeddedFont.layoutCache`): a
 * book's worth of distinct words, numbers and punctuated forms is a cache that grows with the book. Past this many
 * words a font's cache starts again, which bounds it by a few pages' words and costs a reshaping of common ones.
 */
const LAYOUT_CACHE_WORDS = 20_000;

/** How the book is set: its page size, fonts and words, and for a print shop the bleed round every page. */
export type BookPdfOptions = {
  size: PrintSize;
  fonts: BookFonts;
  labels: { contents: string };
  /** The print shop's interior (issue 38): no cover, 0.125 in of bleed on every side, TrimBox and BleedBox set. */
  printShop?: boolean;
  /** Called as pages are set: the first pass counts them, the second writes them. */
  onPage?: (pass: 1 | 2, page: number) => void;
  /** Called, in the second pass, for each photo placed: where, and how large, for the print shop's warnings. */
  onPhoto?: (placement: PhotoPlacement) => void;
};

/**
 * Lays a book out as a print-ready PDF and writes it to `out` (issue 19, ADR 0029): the cover, the title page, the
 * contents with real page numbers, then one chapter per topic, each on a right-hand page, with its stories, their
 * photos (never split across pages) and their voice codes, under running heads and over folios. Text is set in the
 * embedded serif and never hyphenated: a Vietnamese syllable is never split. Returns the page count.
 *
 * The book is set twice: a first pass into nothing learns the page each chapter opens on, and the second writes the
 * book with those numbers in its contents. Either pass writes each page out as soon as the next one starts, so memory
 * holds one page whatever the book's length (a thousand chapters are two thousand pages).
 */
export async function renderBookPdf(source: BookSource, out: Writable, options: BookPdfOptions): Promise<number> {
  const titles: string[] = [];
  for await (const line of source.lines()) if (line.kind === "chapter") titles.push(line.title);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const openers = await setBook(source, titles, sink, options, null);
  return (await setBook(source, titles, out, options, openers.chapters)).pages;
}

async function setBook(
  source: BookSource,
  titles: string[],
  out: Writable,
  options: BookPdfOptions,
  chapterPages: number[] | null,
): Promise<{ pages: number; chapters: number[] }> {
  const geometry = bookGeometry(options);
  const doc = new PDFDocument({
    size: [geometry.pageWidth, geometry.pageHeight],
    margins: {
      top: geometry.top,
      bottom: geometry.pageHeight - geometry.bottom,
      left: geometry.left,
      right: geometry.left,
    },
    autoFirstPage: false,
    compress: chapterPages !== null,
    lang: source.book.language,
    displayTitle: true,
    info: { Title: source.book.title, Creator: "Heirloom" },
  });
  doc.registerFont(FONT.regular, options.fonts.regular);
  doc.registerFont(FONT.bold, options.fonts.bold);
  doc.registerFont(FONT.italic, options.fonts.italic);
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    doc.on("error", reject);
  });
  doc.pipe(out);

  const book = new BookLayout(doc, source, options, geometry, chapterPages === null);
  if (!options.printShop) book.cover();
  book.titlePage();
  book.contents(titles, chapterPages);
  const chapters: number[] = [];
  let chapter: SourceChapter | null = null;
  let first = true;
  for await (const line of source.lines()) {
    if (line.kind === "chapter") {
      chapter = line;
      first = true;
      chapters.push(book.chapter(line, chapters.length));
    } else if (chapter) {
      book.story(line, !first);
      first = false;
    }
    // The writes pdfkit queued for the finished pages go out before the next story is set.
    if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
  }
  const pages = book.pageCount;
  doc.end();
  await finished;
  return { pages, chapters };
}

/**
 * Where things go on a page, in points from its top left: the trim size's own geometry, moved in by the bleed for a
 * print shop, whose page is the trim and the bleed round it.
 */
type BookGeometry = {
  size: PrintSize;
  body: number;
  /** The page as pdfkit makes it (the MediaBox), and the trim within it. */
  pageWidth: number;
  pageHeight: number;
  bleed: number;
  trimWidth: number;
  trimHeight: number;
  /** The text column and the body's top and bottom. */
  left: number;
  width: number;
  top: number;
  bottom: number;
  marginTop: number;
  marginBottom: number;
};

function bookGeometry(options: BookPdfOptions): BookGeometry {
  const trim = PAGE_GEOMETRY[options.size];
  const bleed = options.printShop ? BLEED : 0;
  return {
    size: options.size,
    body: trim.body,
    pageWidth: trim.width + 2 * bleed,
    pageHeight: trim.height + 2 * bleed,
    bleed,
    trimWidth: trim.width,
    trimHeight: trim.height,
    left: bleed + trim.margin.side,
    width: trim.width - 2 * trim.margin.side,
    top: bleed + trim.margin.top,
    bottom: bleed + trim.height - trim.margin.bottom,
    marginTop: trim.margin.top,
    marginBottom: trim.margin.bottom,
  };
}

class BookLayout {
  private chapterTitle: string | undefined;
  private nextRole: PageRole | null = null;
  private readonly left: number;
  private readonly width: number;
  pageCount = 0;

  constructor(
    private readonly doc: Doc,
    private readonly source: BookSource,
    private readonly options: BookPdfOptions,
    private readonly geometry: BookGeometry,
    /** The first pass, which only learns where chapters open: it draws nothing that does not move the text. */
    private readonly dry: boolean,
  ) {
    this.left = geometry.left;
    this.width = geometry.width;
    // A page that text flows onto is a body page of the chapter being set.
    doc.on("pageAdded", () => {
      const role = this.nextRole ?? { kind: "body", chapter: this.chapterTitle };
      this.nextRole = null;
      this.pageCount++;
      this.forgetShapings();
      if (!this.dry) {
        this.boxes();
        this.furniture(role, this.pageCount);
      }
      options.onPage?.(dry ? 1 : 2, this.pageCount);
    });
  }

  /** Starts the fonts' word caches again once they hold more than a few pages' words (LAYOUT_CACHE_WORDS). */
  private forgetShapings(): void {
    const fonts = (this.doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
    for (const font of Object.values(fonts))
      if (font.layoutCache && Object.keys(font.layoutCache).length > LAYOUT_CACHE_WORDS)
        font.layoutCache = Object.create(null);
  }

  /** The print shop's page boxes: the trim within the bleed, which is the whole page. */
  private boxes(): void {
    const { bleed, trimWidth, trimHeight, pageWidth, pageHeight } = this.geometry;
    if (!bleed) return;
    const data = this.doc.page.dictionary.data as Record<string, unknown>;
    data.TrimBox = [bleed, bleed, bleed + trimWidth, bleed + trimHeight];
    data.BleedBox = [0, 0, pageWidth, pageHeight];
  }

  private newPage(kind: PageRole["kind"]): void {
    this.nextRole = { kind, chapter: this.chapterTitle };
    this.doc.addPage();
  }

  /**
   * A new right-hand page (odd: the cover is page 1 of a book printed at home, the title page page 1 of a print
   * shop's interior), with a blank left-hand page before it when needed.
   */
  private rightHandPage(kind: PageRole["kind"]): void {
    if (this.pageCount % 2 === 1) this.newPage("blank");
    this.newPage(kind);
  }

  private get bottom(): number {
    return this.geometry.bottom;
  }

  private lineGap(size: number): number {
    return size * 0.2;
  }

  cover(): void {
    const { doc, source } = this;
    const { pageWidth: width, pageHeight: height } = this.geometry;
    this.newPage("cover");
    if (source.book.cover) {
      const image = openJpeg(doc, source.book.cover, false);
      if (image)
        doc.image(image as unknown as Buffer, 0, 0, { cover: [width, height], align: "center", valign: "center" });
      else doc.rect(0, 0, width, height).fill("#efe7da");
    } else {
      doc.rect(0, 0, width, height).fill("#efe7da");
    }
    // The title on a pale band across the lower third, legible over any photograph.
    const titleSize = Math.round(this.geometry.body * 2.4);
    doc.font(FONT.bold).fontSize(titleSize);
    const titleHeight = doc.heightOfString(source.book.title, { width: this.width, align: "center" });
    doc.font(FONT.italic).fontSize(this.geometry.body + 1);
    const description = source.book.description.trim();
    const descriptionHeight = description
      ? doc.heightOfString(description, { width: this.width, align: "center" }) + this.geometry.body
      : 0;
    const pad = this.geometry.body * 1.5;
    const bandHeight = Math.min(titleHeight + descriptionHeight + 2 * pad, height * 0.6);
    const bandTop = height * 0.62 - bandHeight / 2;
    doc.save().fillOpacity(0.88).rect(0, bandTop, width, bandHeight).fill("#ffffff").restore();
    doc.fillColor(INK).font(FONT.bold).fontSize(titleSize);
    doc.text(source.book.title, this.left, bandTop + pad, { width: this.width, align: "center", height: bandHeight });
    if (description) {
      doc
        .moveDown(0.3)
        .font(FONT.italic)
        .fontSize(this.geometry.body + 1)
        .fillColor(MUTED);
      doc.text(description, this.left, doc.y, { width: this.width, align: "center", height: bandHeight / 2 });
    }
  }

  titlePage(): void {
    const { doc, source, geometry } = this;
    this.rightHandPage("title");
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(Math.round(geometry.body * 2.2));
    doc.text(source.book.title, this.left, geometry.bleed + geometry.trimHeight * 0.3, {
      width: this.width,
      align: "center",
    });
    if (source.book.description.trim()) {
      doc
        .moveDown(1)
        .font(FONT.italic)
        .fontSize(geometry.body + 1)
        .fillColor(MUTED);
      doc.text(source.book.description.trim(), { width: this.width, align: "center", height: this.bottom - doc.y });
    }
  }

  private contentsEntryWidth(): number {
    return this.width - this.geometry.body * 4;
  }

  /**
   * The contents, one entry a chapter with the page it opens on, each a link to it. Both passes give them the same
   * pages, measured with the real font, so the chapters open on the same pages in both; only the second knows the
   * numbers, and draws the entries.
   */
  contents(titles: string[], chapterPages: number[] | null): void {
    const { doc, geometry } = this;
    const gap = this.lineGap(geometry.body);
    const label = this.options.labels.contents;
    this.rightHandPage("contents");
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(geometry.body * 1.6);
    doc.text(label, this.left, geometry.top, { width: this.width });
    let y = geometry.top + doc.heightOfString(label) + geometry.body * 2;
    titles.forEach((title, n) => {
      doc.font(FONT.regular).fontSize(geometry.body).fillColor(INK);
      const height =
        doc.heightOfString(title, { width: this.contentsEntryWidth(), lineGap: gap }) + geometry.body * 0.5;
      if (y + height > this.bottom) {
        this.newPage("contents");
        y = geometry.top;
      }
      if (chapterPages) {
        doc.font(FONT.regular).fontSize(geometry.body).fillColor(INK);
        const width = this.contentsEntryWidth();
        doc.text(title, this.left, y, { width, lineGap: gap, goTo: `chapter-${n + 1}` });
        doc.text(String(chapterPages[n]), this.left, y, { width: this.width, align: "right", lineBreak: false });
      }
      y += height;
    });
  }

  /** Opens a chapter on a right-hand page and returns the page it opens on (1-based, as printed). */
  chapter(chapter: SourceChapter, index: number): number {
    const { doc, geometry } = this;
    this.chapterTitle = chapter.title;
    this.rightHandPage("opener");
    const opener = this.pageCount;
    if (!this.dry) {
      doc.addNamedDestination(`chapter-${index + 1}`);
      doc.outline.addItem(chapter.title);
    }
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(geometry.body * 2);
    doc.text(chapter.title, this.left, geometry.top + geometry.trimHeight * 0.12, { width: this.width });
    if (chapter.description.trim()) {
      doc.moveDown(0.5).font(FONT.italic).fontSize(geometry.body).fillColor(MUTED);
      doc.text(chapter.description.trim(), { width: this.width, lineGap: this.lineGap(geometry.body) });
    }
    doc.moveDown(2);
    return opener;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private keep(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** The space `doc.moveDown(lines)` takes in the current font. */
  private downBy(lines: number): number {
    return this.doc.currentLineHeight(true) * lines + (this.doc as unknown as { _lineGap: number })._lineGap;
  }

  private recordingFont(): void {
    this.doc
      .font(FONT.italic)
      .fontSize(this.geometry.body - 1)
      .fillColor(MUTED);
  }

  /** How tall the lines about a story's recordings are at `width`. */
  private recordingsHeight(lines: string[], width: number): number {
    if (lines.length === 0) return 0;
    this.recordingFont();
    return this.doc.heightOfString(lines.join("\n"), { width });
  }

  /**
   * What comes under a story's title before its text: the voice code with its lines beside it, or the recording lines
   * alone when the book has no code to print, and the space after them.
   */
  private headHeight(story: SourceStory, recordings: string[]): number {
    const { body } = this.geometry;
    if (story.voice) {
      const beside = this.recordingsHeight([story.voice.line, ...recordings], this.width - QR_SIDE - body);
      return Math.max(QR_SIDE, beside) + body * 0.8;
    }
    return recordings.length ? this.recordingsHeight(recordings, this.width) + body * 0.5 : 0;
  }

  /** Sets one story of the chapter being set, after a space when it is not the chapter's first. */
  story(story: SourceStory, spaced: boolean): void {
    const { doc, geometry } = this;
    const body = geometry.body;
    const gap = this.lineGap(body);
    const recordings = story.recordings.map((recording) => recording.line);
    if (spaced) doc.moveDown(1.5);
    const head = this.headHeight(story, recordings);
    doc.font(FONT.bold).fontSize(body * 1.3);
    const titleHeight = doc.heightOfString(story.title, { width: this.width });
    const underTitle = this.downBy(0.4);
    // A title is never left alone at the foot of a page (issue 35): it keeps, measured as they will be set, what
    // comes under it (the voice code, the recording lines) and the first three lines of its text.
    const firstLines = story.paragraphs.length ? 3 * body * 1.6 : 0;
    this.keep(titleHeight + underTitle + head + firstLines);
    doc.fillColor(INK).text(story.title, this.left, doc.y, { width: this.width });
    doc.moveDown(0.4);
    if (story.voice) this.voice(story.voice, recordings);
    else if (recordings.length) this.recordings(recordings);
    doc.font(FONT.regular).fontSize(body).fillColor(INK);
    story.paragraphs.forEach((paragraph, n) => {
      const indent = n ? body * 1.5 : 0;
      // Ragged right: with no hyphenation a justified line of 60 characters opens gaps between its words; and
      // pdfkit shapes every justified line anew, uncached, which made a book's layout several times slower.
      doc.text(paragraph, this.left, doc.y, { width: this.width, align: "left", lineGap: gap, indent });
    });
    for (const photo of story.photos) this.photo(photo);
  }

  /** "Recording: 3:25" under a story's title, for a book without voice codes. */
  private recordings(lines: string[]): void {
    const { doc, geometry } = this;
    this.recordingFont();
    doc.text(lines.join("\n"), this.left, doc.y, { width: this.width });
    doc.fillColor(INK);
    doc.x = this.left;
    doc.y += geometry.body * 0.5;
  }

  /** The voice code, with its line and the recording lines beside it; the story has kept the room they take. */
  private voice(voice: NonNullable<SourceStory["voice"]>, recordings: string[]): void {
    const { doc, geometry } = this;
    const top = doc.y;
    const textLeft = this.left + QR_SIDE + geometry.body;
    const textWidth = this.width - QR_SIDE - geometry.body;
    const lines = [voice.line, ...recordings];
    const height = this.recordingsHeight(lines, textWidth);
    if (!this.dry) {
      drawQrCode(doc, voice.url, this.left, top, QR_SIDE);
      this.recordingFont();
      doc.text(lines.join("\n"), textLeft, top + Math.max(0, (QR_SIDE - height) / 2), { width: textWidth });
      doc.fillColor(INK);
    }
    doc.x = this.left;
    doc.y = top + Math.max(QR_SIDE, height) + geometry.body * 0.8;
  }

  /** A photo with its caption, kept together on one page, as large as the column allows up to 60% of the page. */
  private photo(photo: SourcePhoto): void {
    const { doc, geometry } = this;
    const image = openJpeg(doc, photo.file, this.dry);
    if (!image) return;
    const caption = photo.caption.trim();
    doc.font(FONT.italic).fontSize(geometry.body - 1);
    const captionHeight = caption ? doc.heightOfString(caption, { width: this.width, align: "center" }) + 4 : 0;
    const maxHeight = (this.bottom - geometry.top) * 0.6;
    const { width, height } = fitWithin(image, this.width, maxHeight);
    const space = geometry.body;
    this.keep(space + height + captionHeight);
    const top = doc.y + space;
    if (!this.dry) {
      doc.image(image as unknown as Buffer, this.left + (this.width - width) / 2, top, { width, height });
      this.options.onPhoto?.({
        mediaId: photo.mediaId,
        page: this.pageCount,
        widthPt: width,
        heightPt: height,
        pixelWidth: photo.width,
        pixelHeight: photo.height,
      });
    }
    doc.y = top + height + 4;
    if (caption) {
      doc.fillColor(MUTED).text(caption, this.left, doc.y, { width: this.width, align: "center" });
      doc.fillColor(INK);
    }
    doc.x = this.left;
  }

  /**
   * A page's running head (the book's title on left-hand pages, the chapter's on right-hand ones) and folio, drawn as
   * the page starts: neither depends on what the page will hold. The margins are lifted meanwhile, so that pdfkit does
   * not start a page for text drawn below the body, and the text's place, font and colour are given back, since this
   * runs in the middle of a paragraph that flows onto the page.
   */
  private furniture(role: PageRole, number: number): void {
    if (role.kind === "cover" || role.kind === "blank" || role.kind === "title") return;
    const { doc, geometry } = this;
    const title = this.source.book.title;
    const state = doc as unknown as { _font: unknown; _fontSize: number; _fillColor?: [string, number] };
    const saved = { x: doc.x, y: doc.y, font: state._font, size: state._fontSize, fill: state._fillColor };
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const size = geometry.body - 1.5;
    doc.font(FONT.regular).fontSize(size).fillColor(MUTED);
    doc.text(String(number), this.left, this.bottom + geometry.marginBottom * 0.4, {
      width: this.width,
      align: "center",
      lineBreak: false,
    });
    if (role.kind === "body") {
      const head = number % 2 === 0 ? title : (role.chapter ?? title);
      doc.font(FONT.italic).fontSize(size);
      doc.text(head, this.left, geometry.bleed + geometry.marginTop * 0.45, {
        width: this.width,
        align: number % 2 === 0 ? "left" : "right",
        lineBreak: false,
        ellipsis: true,
        height: size * 1.5,
      });
    }
    doc.page.margins = margins;
    state._font = saved.font;
    state._fontSize = saved.size;
    if (saved.fill) doc.fillColor(...saved.fill);
    doc.x = saved.x;
    doc.y = saved.y;
  }
}

/** pdfkit's opened image: its pixel size, and what `doc.image` takes to embed it (once, then its bytes are let go). */
type OpenedImage = { width: number; height: number };

/** A photo's print copy, opened for its size; null when its file is gone or is not an image pdfkit reads. */
function openJpeg(doc: Doc, file: string, sizeOnly: boolean): OpenedImage | null {
  try {
    const bytes = fs.readFileSync(file);
    if (sizeOnly) return jpegSize(bytes);
    const open = (doc as unknown as { openImage: (src: Buffer) => OpenedImage }).openImage;
    return open.call(doc, bytes);
  } catch {
    return null;
  }
}

/** The largest size of an image within a box, keeping its proportions and never enlarging it past 300 dpi. */
function fitWithin(image: OpenedImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const natural = { width: (image.width / 300) * 72, height: (image.height / 300) * 72 };
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  // A small photo is shown no larger than 2× its 300 dpi size, rather than blown up into blur.
  const limit = Math.min(1, (natural.width * 2) / width);
  return { width: width * limit, height: height * limit };
}
