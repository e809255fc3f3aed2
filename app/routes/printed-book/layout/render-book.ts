import fs from "node:fs";
import { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { drawQrCode } from "./draw-qr";
import { PAGE_GEOMETRY } from "./page-geometry";
import type { PrintChapter, PrintJob, PrintPhoto, PrintStory } from "./print-job";

type Doc = PDFKit.PDFDocument;
/** What each page is, for the running heads and folios drawn once everything is laid out. */
type PageRole = { kind: "cover" | "blank" | "title" | "contents" | "opener" | "body"; chapter?: string };

const FONT = { regular: "serif", bold: "serif-bold", italic: "serif-italic" } as const;
const INK = "#1a1a1a";
const MUTED = "#555555";
/** A voice code's side: 0.9 in, modules of about half a millimetre, which a phone reads from a hand's length. */
const QR_SIDE = 65;

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

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
export async function renderBookPdf(job: PrintJob, out: Writable): Promise<number> {
  const openers = setBook(job, new Writable({ write: (_chunk, _encoding, done) => done() }), null);
  return (await setBook(job, out, (await openers).chapters)).pages;
}

async function setBook(
  job: PrintJob,
  out: Writable,
  chapterPages: number[] | null,
): Promise<{ pages: number; chapters: number[] }> {
  const geometry = PAGE_GEOMETRY[job.size];
  const { margin } = geometry;
  const doc = new PDFDocument({
    size: [geometry.width, geometry.height],
    margins: { top: margin.top, bottom: margin.bottom, left: margin.side, right: margin.side },
    autoFirstPage: false,
    compress: chapterPages !== null,
    lang: job.language,
    displayTitle: true,
    info: { Title: job.book.title, Creator: "Heirloom" },
  });
  doc.registerFont(FONT.regular, job.fonts.regular);
  doc.registerFont(FONT.bold, job.fonts.bold);
  doc.registerFont(FONT.italic, job.fonts.italic);
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    doc.on("error", reject);
  });
  doc.pipe(out);

  const book = new BookLayout(doc, job, chapterPages === null);
  book.cover();
  book.titlePage();
  book.contents(chapterPages);
  const chapters = job.chapters.map((chapter, index) => book.chapter(chapter, index));
  const pages = book.pageCount;
  doc.end();
  await finished;
  return { pages, chapters };
}

class BookLayout {
  private chapterTitle: string | undefined;
  private nextRole: PageRole | null = null;
  private readonly geometry;
  private readonly width: number;
  private readonly left: number;
  pageCount = 0;

  constructor(
    private readonly doc: Doc,
    private readonly job: PrintJob,
    /** The first pass, which only learns where chapters open: it draws nothing that does not move the text. */
    private readonly dry: boolean,
  ) {
    this.geometry = PAGE_GEOMETRY[job.size];
    this.left = this.geometry.margin.side;
    this.width = this.geometry.width - 2 * this.geometry.margin.side;
    // A page that text flows onto is a body page of the chapter being set.
    doc.on("pageAdded", () => {
      const role = this.nextRole ?? { kind: "body", chapter: this.chapterTitle };
      this.nextRole = null;
      this.pageCount++;
      if (!this.dry) this.furniture(role, this.pageCount);
    });
  }

  private newPage(kind: PageRole["kind"]): void {
    this.nextRole = { kind, chapter: this.chapterTitle };
    this.doc.addPage();
  }

  /** A new right-hand page (odd, counting the cover as 1), with a blank left-hand page before it when needed. */
  private rightHandPage(kind: PageRole["kind"]): void {
    if (this.pageCount % 2 === 1) this.newPage("blank");
    this.newPage(kind);
  }

  private get bottom(): number {
    return this.geometry.height - this.geometry.margin.bottom;
  }

  private lineGap(size: number): number {
    return size * 0.2;
  }

  cover(): void {
    const { doc, job } = this;
    const { width, height } = this.geometry;
    this.newPage("cover");
    if (job.book.cover) {
      doc.image(buffer(job.book.cover.bytes), 0, 0, { cover: [width, height], align: "center", valign: "center" });
    } else {
      doc.rect(0, 0, width, height).fill("#efe7da");
    }
    // The title on a pale band across the lower third, legible over any photograph.
    const titleSize = Math.round(this.geometry.body * 2.4);
    doc.font(FONT.bold).fontSize(titleSize);
    const titleHeight = doc.heightOfString(job.book.title, { width: this.width, align: "center" });
    doc.font(FONT.italic).fontSize(this.geometry.body + 1);
    const description = job.book.description.trim();
    const descriptionHeight = description
      ? doc.heightOfString(description, { width: this.width, align: "center" }) + this.geometry.body
      : 0;
    const pad = this.geometry.body * 1.5;
    const bandHeight = Math.min(titleHeight + descriptionHeight + 2 * pad, height * 0.6);
    const bandTop = height * 0.62 - bandHeight / 2;
    doc.save().fillOpacity(0.88).rect(0, bandTop, width, bandHeight).fill("#ffffff").restore();
    doc.fillColor(INK).font(FONT.bold).fontSize(titleSize);
    doc.text(job.book.title, this.left, bandTop + pad, { width: this.width, align: "center", height: bandHeight });
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
    const { doc, job } = this;
    this.rightHandPage("title");
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(Math.round(this.geometry.body * 2.2));
    doc.text(job.book.title, this.left, this.geometry.height * 0.3, { width: this.width, align: "center" });
    if (job.book.description.trim()) {
      doc
        .moveDown(1)
        .font(FONT.italic)
        .fontSize(this.geometry.body + 1)
        .fillColor(MUTED);
      doc.text(job.book.description.trim(), { width: this.width, align: "center", height: this.bottom - doc.y });
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
  contents(chapterPages: number[] | null): void {
    const { doc, job, geometry } = this;
    const gap = this.lineGap(geometry.body);
    this.rightHandPage("contents");
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(geometry.body * 1.6);
    doc.text(job.labels.contents, this.left, geometry.margin.top, { width: this.width });
    let y = geometry.margin.top + doc.heightOfString(job.labels.contents) + geometry.body * 2;
    job.chapters.forEach((chapter, n) => {
      doc.font(FONT.regular).fontSize(geometry.body).fillColor(INK);
      const height =
        doc.heightOfString(chapter.title, { width: this.contentsEntryWidth(), lineGap: gap }) + geometry.body * 0.5;
      if (y + height > this.bottom) {
        this.newPage("contents");
        y = geometry.margin.top;
      }
      if (chapterPages) {
        doc.font(FONT.regular).fontSize(geometry.body).fillColor(INK);
        const width = this.contentsEntryWidth();
        doc.text(chapter.title, this.left, y, { width, lineGap: gap, goTo: `chapter-${n + 1}` });
        doc.text(String(chapterPages[n]), this.left, y, { width: this.width, align: "right", lineBreak: false });
      }
      y += height;
    });
  }

  /** Sets one chapter and returns the page it opens on (1-based, as printed). */
  chapter(chapter: PrintChapter, index: number): number {
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
    doc.text(chapter.title, this.left, geometry.margin.top + geometry.height * 0.12, { width: this.width });
    if (chapter.description.trim()) {
      doc.moveDown(0.5).font(FONT.italic).fontSize(geometry.body).fillColor(MUTED);
      doc.text(chapter.description.trim(), { width: this.width, lineGap: this.lineGap(geometry.body) });
    }
    doc.moveDown(2);
    chapter.stories.forEach((story, n) => this.story(story, n > 0));
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
  private headHeight(story: PrintStory): number {
    const { body } = this.geometry;
    if (story.voice) {
      const beside = this.recordingsHeight([story.voice.line, ...story.recordings], this.width - QR_SIDE - body);
      return Math.max(QR_SIDE, beside) + body * 0.8;
    }
    return story.recordings.length ? this.recordingsHeight(story.recordings, this.width) + body * 0.5 : 0;
  }

  private story(story: PrintStory, spaced: boolean): void {
    const { doc, geometry } = this;
    const body = geometry.body;
    const gap = this.lineGap(body);
    if (spaced) doc.moveDown(1.5);
    const head = this.headHeight(story);
    doc.font(FONT.bold).fontSize(body * 1.3);
    const titleHeight = doc.heightOfString(story.title, { width: this.width });
    const underTitle = this.downBy(0.4);
    // A title is never left alone at the foot of a page (issue 35): it keeps, measured as they will be set, what
    // comes under it (the voice code, the recording lines) and the first three lines of its text.
    const firstLines = story.paragraphs.length ? 3 * body * 1.6 : 0;
    this.keep(titleHeight + underTitle + head + firstLines);
    doc.fillColor(INK).text(story.title, this.left, doc.y, { width: this.width });
    doc.moveDown(0.4);
    if (story.voice) this.voice(story.voice, story.recordings);
    else if (story.recordings.length) this.recordings(story.recordings);
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
  private voice(voice: NonNullable<PrintStory["voice"]>, recordings: string[]): void {
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
  private photo(photo: PrintPhoto): void {
    const { doc, geometry } = this;
    const image = openJpeg(doc, photo.file, this.dry);
    if (!image) return;
    const caption = photo.caption.trim();
    doc.font(FONT.italic).fontSize(geometry.body - 1);
    const captionHeight = caption ? doc.heightOfString(caption, { width: this.width, align: "center" }) + 4 : 0;
    const maxHeight = (this.bottom - geometry.margin.top) * 0.6;
    const { width, height } = fitWithin(image, this.width, maxHeight);
    const space = geometry.body;
    this.keep(space + height + captionHeight);
    const top = doc.y + space;
    if (!this.dry) doc.image(image as unknown as Buffer, this.left + (this.width - width) / 2, top, { width, height });
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
    const state = doc as unknown as { _font: unknown; _fontSize: number; _fillColor?: [string, number] };
    const saved = { x: doc.x, y: doc.y, font: state._font, size: state._fontSize, fill: state._fillColor };
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const size = geometry.body - 1.5;
    doc.font(FONT.regular).fontSize(size).fillColor(MUTED);
    doc.text(String(number), this.left, this.bottom + geometry.margin.bottom * 0.4, {
      width: this.width,
      align: "center",
      lineBreak: false,
    });
    if (role.kind === "body") {
      const head = number % 2 === 0 ? this.job.book.title : (role.chapter ?? this.job.book.title);
      doc.font(FONT.italic).fontSize(size);
      doc.text(head, this.left, geometry.margin.top * 0.45, {
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

/** A JPEG's pixel size from its start-of-frame marker, without decoding it; null for anything else. */
function jpegSize(bytes: Buffer): OpenedImage | null {
  if (bytes.readUInt16BE(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    // SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC): the frame header holds the height, then the width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
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
