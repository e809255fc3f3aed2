import fs from "node:fs";
import type { Writable } from "node:stream";
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
 * photos (never split across pages) and their voice codes; running heads and folios last, once the pages are known.
 * Text is set in the embedded serif and never hyphenated: a Vietnamese syllable is never split. Returns the page count.
 */
export function renderBookPdf(job: PrintJob, out: Writable): Promise<number> {
  const geometry = PAGE_GEOMETRY[job.size];
  const { margin } = geometry;
  const doc = new PDFDocument({
    size: [geometry.width, geometry.height],
    margins: { top: margin.top, bottom: margin.bottom, left: margin.side, right: margin.side },
    bufferPages: true,
    autoFirstPage: false,
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

  const book = new BookLayout(doc, job);
  book.cover();
  book.titlePage();
  const contentsPages = book.reserveContents();
  const chapterPages = job.chapters.map((chapter, index) => book.chapter(chapter, index));
  book.contents(contentsPages, chapterPages);
  book.runningHeads();
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return finished.then(() => pages);
}

class BookLayout {
  private readonly roles: PageRole[] = [];
  private chapterTitle: string | undefined;
  private readonly geometry;
  private readonly width: number;
  private readonly left: number;

  constructor(
    private readonly doc: Doc,
    private readonly job: PrintJob,
  ) {
    this.geometry = PAGE_GEOMETRY[job.size];
    this.left = this.geometry.margin.side;
    this.width = this.geometry.width - 2 * this.geometry.margin.side;
    // A page that text flows onto is a body page of the chapter being set.
    doc.on("pageAdded", () => this.roles.push({ kind: "body", chapter: this.chapterTitle }));
  }

  private get page(): number {
    return this.roles.length;
  }

  private newPage(kind: PageRole["kind"]): void {
    this.doc.addPage();
    this.roles[this.roles.length - 1] = { kind, chapter: this.chapterTitle };
  }

  /** A new right-hand page (odd, counting the cover as 1), with a blank left-hand page before it when needed. */
  private rightHandPage(kind: PageRole["kind"]): void {
    if (this.page % 2 === 1) this.newPage("blank");
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

  private contentsHeading(): number {
    const { doc } = this;
    doc.font(FONT.bold).fontSize(this.geometry.body * 1.6);
    return doc.heightOfString(this.job.labels.contents) + this.geometry.body * 2;
  }

  private contentsEntryHeight(title: string): number {
    this.doc.font(FONT.regular).fontSize(this.geometry.body);
    const gap = this.lineGap(this.geometry.body);
    return (
      this.doc.heightOfString(title, { width: this.contentsEntryWidth(), lineGap: gap }) + this.geometry.body * 0.5
    );
  }

  /** The contents' pages, counted before the chapters are set so that their page numbers can be known. */
  reserveContents(): number[] {
    const top = this.geometry.margin.top;
    let pages = 1;
    let y = top + this.contentsHeading();
    for (const chapter of this.job.chapters) {
      const height = this.contentsEntryHeight(chapter.title);
      if (y + height > this.bottom) {
        pages++;
        y = top;
      }
      y += height;
    }
    const reserved: number[] = [];
    this.rightHandPage("contents");
    reserved.push(this.page - 1);
    for (let i = 1; i < pages; i++) {
      this.newPage("contents");
      reserved.push(this.page - 1);
    }
    return reserved;
  }

  contents(reserved: number[], chapterPages: number[]): void {
    const { doc, job, geometry } = this;
    let index = 0;
    doc.switchToPage(reserved[index]!);
    doc
      .fillColor(INK)
      .font(FONT.bold)
      .fontSize(geometry.body * 1.6);
    doc.text(job.labels.contents, this.left, geometry.margin.top, { width: this.width });
    let y = geometry.margin.top + this.contentsHeading();
    job.chapters.forEach((chapter, n) => {
      const height = this.contentsEntryHeight(chapter.title);
      if (y + height > this.bottom) {
        doc.switchToPage(reserved[++index]!);
        y = geometry.margin.top;
      }
      const gap = this.lineGap(geometry.body);
      doc.font(FONT.regular).fontSize(geometry.body).fillColor(INK);
      doc.text(chapter.title, this.left, y, {
        width: this.contentsEntryWidth(),
        lineGap: gap,
        goTo: `chapter-${n + 1}`,
      });
      doc.text(String(chapterPages[n]), this.left, y, { width: this.width, align: "right", lineBreak: false });
      y += height;
    });
  }

  /** Sets one chapter and returns the page it opens on (1-based, as printed). */
  chapter(chapter: PrintChapter, index: number): number {
    const { doc, geometry } = this;
    this.chapterTitle = chapter.title;
    this.rightHandPage("opener");
    const opener = this.page;
    doc.addNamedDestination(`chapter-${index + 1}`);
    doc.outline.addItem(chapter.title);
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

  private story(story: PrintStory, spaced: boolean): void {
    const { doc, geometry } = this;
    const body = geometry.body;
    const gap = this.lineGap(body);
    if (spaced) doc.moveDown(1.5);
    doc.font(FONT.bold).fontSize(body * 1.3);
    const titleHeight = doc.heightOfString(story.title, { width: this.width });
    // A title is never left alone at the foot of a page: it keeps at least three lines of its story.
    this.keep(titleHeight + (story.voice ? QR_SIDE : 3 * body * 1.6));
    doc.fillColor(INK).text(story.title, this.left, doc.y, { width: this.width });
    doc.moveDown(0.4);
    if (story.voice) this.voice(story.voice);
    doc.font(FONT.regular).fontSize(body).fillColor(INK);
    story.paragraphs.forEach((paragraph, n) => {
      doc.text(paragraph, this.left, doc.y, {
        width: this.width,
        align: "justify",
        lineGap: gap,
        indent: n ? body * 1.5 : 0,
      });
    });
    for (const photo of story.photos) this.photo(photo);
  }

  private voice(voice: NonNullable<PrintStory["voice"]>): void {
    const { doc, geometry } = this;
    this.keep(QR_SIDE + geometry.body);
    const top = doc.y;
    drawQrCode(doc, voice.url, this.left, top, QR_SIDE);
    doc
      .font(FONT.italic)
      .fontSize(geometry.body - 1)
      .fillColor(MUTED);
    const textLeft = this.left + QR_SIDE + geometry.body;
    const textWidth = this.width - QR_SIDE - geometry.body;
    const lineHeight = doc.heightOfString(voice.line, { width: textWidth });
    doc.text(voice.line, textLeft, top + (QR_SIDE - lineHeight) / 2, { width: textWidth });
    doc.fillColor(INK);
    doc.x = this.left;
    doc.y = top + QR_SIDE + geometry.body * 0.8;
  }

  /** A photo with its caption, kept together on one page, as large as the column allows up to 60% of the page. */
  private photo(photo: PrintPhoto): void {
    const { doc, geometry } = this;
    const image = openJpeg(doc, photo.file);
    if (!image) return;
    const caption = photo.caption.trim();
    doc.font(FONT.italic).fontSize(geometry.body - 1);
    const captionHeight = caption ? doc.heightOfString(caption, { width: this.width, align: "center" }) + 4 : 0;
    const maxHeight = (this.bottom - geometry.margin.top) * 0.6;
    const { width, height } = fitWithin(image, this.width, maxHeight);
    const space = geometry.body;
    this.keep(space + height + captionHeight);
    const top = doc.y + space;
    doc.image(image as unknown as Buffer, this.left + (this.width - width) / 2, top, { width, height });
    doc.y = top + height + 4;
    if (caption) {
      doc.fillColor(MUTED).text(caption, this.left, doc.y, { width: this.width, align: "center" });
      doc.fillColor(INK);
    }
    doc.x = this.left;
  }

  /**
   * Running heads (the book's title on left-hand pages, the chapter's on right-hand ones) and folios, drawn in the
   * margins once every page exists. The margins are lifted meanwhile, so that pdfkit does not start a page for text
   * drawn below the body.
   */
  runningHeads(): void {
    const { doc, geometry } = this;
    const { start } = doc.bufferedPageRange();
    const size = geometry.body - 1.5;
    this.roles.forEach((role, i) => {
      if (role.kind === "cover" || role.kind === "blank" || role.kind === "title") return;
      doc.switchToPage(start + i);
      const saved = doc.page.margins;
      doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      const number = i + 1;
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
      doc.page.margins = saved;
    });
  }
}

/** pdfkit's opened image: its pixel size, and what `doc.image` takes to embed it (once, then its bytes are let go). */
type OpenedImage = { width: number; height: number };

/** A photo's print copy, opened for its size; null when its file is gone or is not an image pdfkit reads. */
function openJpeg(doc: Doc, file: string): OpenedImage | null {
  try {
    const open = (doc as unknown as { openImage: (src: Buffer) => OpenedImage }).openImage;
    return open.call(doc, fs.readFileSync(file));
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
