import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Reads a PDF back the way a reader meets it (issue 19): pdfjs-dist for the pages, their text, the outline and the
// images; poppler's pdffonts for the fonts (pdfjs stands its own copy in for a standard font the file does not
// embed, and then reports it as loaded); poppler's pdftoppm and zbar's zbarimg for the QR codes printed on a page, as
// a phone would scan them from paper; poppler's pdftotext as a second, stricter parser than pdfjs, which repairs what
// it can.

const run = promisify(execFile);

/** One line of a page as printed: its text, its left edge and baseline (PDF points from the bottom), its size. */
export type PdfLine = { text: string; x: number; y: number; size: number };
export type PdfPage = {
  /** 1-based, the physical page. */
  number: number;
  width: number;
  height: number;
  /** Top to bottom. */
  lines: PdfLine[];
  /** The lines joined with "\n". */
  text: string;
};
/** A bookmark: `page` is the 1-based page its destination opens, null when it has none. */
export type PdfOutlineItem = { title: string; page: number | null; items: PdfOutlineItem[] };
/** An image painted on a page, with its size in pixels. */
export type PdfImage = { width: number; height: number };
/** A font of the file: `embedded` when its program is in the file (FontFile, FontFile2 or FontFile3). */
export type PdfFont = { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean };

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type PdfjsDocument = Awaited<ReturnType<PdfjsModule["getDocument"]>["promise"]>;

let loaded: Promise<PdfjsModule> | undefined;

/**
 * pdfjs runs its "worker" on the main thread in Node; handing it the worker module up front spares it a dynamic
 * import of a path relative to its own file, which vitest's module runner need not resolve the way Node does.
 */
function pdfjs(): Promise<PdfjsModule> {
  loaded ??= (async () => {
    const worker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return loaded;
}

// pdfjs draws a font the PDF does not embed from its own copies of the standard 14; a reader of a PDF that embeds
// everything never asks for them, but without the path pdfjs warns about every such font.
const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const standardFontDataUrl = `${path.join(pdfjsRoot, "standard_fonts")}${path.sep}`;

type TextPiece = { str: string; x: number; y: number; width: number; size: number };

/**
 * Pieces on one baseline become one line, left to right. A gap wider than a fifth of the type size between two pieces
 * is a space the PDF drew as distance rather than as a character (two text runs on one line, such as a table of
 * contents' title and its page number); pdfkit writes the spaces of a run as characters, which come back as they are.
 */
function linesOf(pieces: TextPiece[]): PdfLine[] {
  const rows: TextPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((r) => Math.abs(r[0]!.y - piece.y) <= Math.max(1, r[0]!.size * 0.2));
    if (row) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let text = "";
    let end = Number.NEGATIVE_INFINITY;
    for (const piece of row) {
      const gap = piece.x - end;
      if (text && gap > piece.size * 0.2 && !/\s$/.test(text) && !/^\s/.test(piece.str)) text += " ";
      text += piece.str;
      end = piece.x + piece.width;
    }
    return { text, x: row[0]!.x, y: row[0]!.y, size: Math.max(...row.map((p) => p.size)) };
  });
}

export type PdfFile = {
  pageCount: number;
  /** Page `n` (1-based): its size in points and its text. */
  page: (n: number) => Promise<PdfPage>;
  /** Pages `from` to `to` (1-based, inclusive; the whole document by default). */
  pages: (from?: number, to?: number) => Promise<PdfPage[]>;
  outline: () => Promise<PdfOutlineItem[]>;
  /** The images page `n` paints, each painting counted. */
  images: (n: number) => Promise<PdfImage[]>;
  close: () => Promise<void>;
};

/** Opens a PDF; pages are read when asked for, so that a book of thousands of pages is read only where it matters. */
export async function openPdf(bytes: Uint8Array): Promise<PdfFile> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    // pdfjs takes the buffer over; the caller keeps its bytes.
    data: new Uint8Array(bytes),
    verbosity: lib.VerbosityLevel.ERRORS,
    standardFontDataUrl,
  });
  const document: PdfjsDocument = await task.promise;

  async function page(n: number): Promise<PdfPage> {
    const p = await document.getPage(n);
    const [x0, y0, x1, y1] = p.view as [number, number, number, number];
    const content = await p.getTextContent();
    const pieces: TextPiece[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const [a, b, , , x, y] = item.transform as number[];
      pieces.push({ str: item.str, x: x!, y: y!, width: item.width, size: Math.hypot(a!, b!) });
    }
    const lines = linesOf(pieces);
    return {
      number: n,
      width: x1 - x0,
      height: y1 - y0,
      lines,
      text: lines.map((line) => line.text).join("\n"),
    };
  }

  async function pages(from = 1, to = document.numPages): Promise<PdfPage[]> {
    const out: PdfPage[] = [];
    for (let n = from; n <= to; n++) out.push(await page(n));
    return out;
  }

  type RawOutline = Awaited<ReturnType<PdfjsDocument["getOutline"]>>;
  async function resolve(items: RawOutline | null): Promise<PdfOutlineItem[]> {
    const out: PdfOutlineItem[] = [];
    for (const item of items ?? []) {
      const dest = typeof item.dest === "string" ? await document.getDestination(item.dest) : item.dest;
      const target = dest?.[0] as { num: number; gen: number } | number | undefined;
      const index =
        target === undefined || target === null
          ? null
          : typeof target === "number"
            ? target
            : await document.getPageIndex(target);
      out.push({ title: item.title, page: index === null ? null : index + 1, items: await resolve(item.items) });
    }
    return out;
  }

  async function images(n: number): Promise<PdfImage[]> {
    const list = await (await document.getPage(n)).getOperatorList();
    const painted: PdfImage[] = [];
    const { OPS } = lib;
    list.fnArray.forEach((fn, i) => {
      const args = list.argsArray[i] as unknown[];
      if (fn === OPS.paintImageXObject || fn === OPS.paintImageXObjectRepeat) {
        painted.push({ width: args[1] as number, height: args[2] as number });
      } else if (fn === OPS.paintInlineImageXObject) {
        const image = args[0] as { width: number; height: number };
        painted.push({ width: image.width, height: image.height });
      }
    });
    return painted;
  }

  return {
    pageCount: document.numPages,
    page,
    pages,
    outline: async () => resolve(await document.getOutline()),
    images,
    close: () => task.destroy(),
  };
}

/** Runs `fn` with the bytes written to a file of its own in a fresh temp dir, removed afterwards. */
async function withFile<T>(bytes: Uint8Array, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-pdf-"));
  try {
    const file = path.join(dir, "book.pdf");
    fs.writeFileSync(file, bytes);
    return await fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The QR codes printed on page `n` (1-based), decoded: the page rendered at 200 dpi by poppler, as a phone's camera
 * would see paper, then read by zbar. With `part` (in points from the page's top left), only what is inside it.
 * None found is an empty list (zbarimg exits with 4 then).
 */
export function qrCodes(
  bytes: Uint8Array,
  n: number,
  part?: { x: number; y: number; width: number; height: number },
): Promise<string[]> {
  return withFile(bytes, async (file, dir) => {
    const prefix = path.join(dir, "page");
    const dpi = 200;
    const px = (points: number) => String(Math.round((points * dpi) / 72));
    const crop = part ? ["-x", px(part.x), "-y", px(part.y), "-W", px(part.width), "-H", px(part.height)] : [];
    const pageArgs = ["-r", String(dpi), "-f", String(n), "-l", String(n), ...crop, "-png", "-singlefile"];
    await run("pdftoppm", [...pageArgs, file, prefix]);
    try {
      const { stdout } = await run("zbarimg", ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", `${prefix}.png`]);
      return stdout.split("\n").filter(Boolean);
    } catch (error) {
      if ((error as { code?: number }).code === 4) return [];
      throw error;
    }
  });
}

/**
 * What poppler's pdftotext complains about while it reads every page of the file: an empty list for a well-formed
 * PDF. pdfjs quietly repairs a broken cross-reference table or a truncated stream; poppler says so.
 */
export function popplerErrors(bytes: Uint8Array): Promise<string[]> {
  return withFile(bytes, async (file) => {
    // A file poppler cannot open at all makes it exit non-zero, with the same kind of lines on stderr.
    const { stderr } = await run("pdftotext", [file, "/dev/null"], { maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stderr?: string; code?: unknown }) => ({ stderr: error.stderr || `pdftotext failed: ${error.code}` }),
    );
    return stderr.split("\n").filter((line) => /error|fail/i.test(line));
  });
}

/**
 * The fonts of the whole file as poppler's pdffonts lists them: name (with its subset prefix), type, and whether
 * each is embedded, subset and mapped to Unicode.
 */
export function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run("pdffonts", [file]);
    // name, type (may hold spaces), encoding, emb, sub, uni, object number and generation: read from both ends.
    return stdout
      .split("\n")
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        const [emb, sub, uni] = cells.slice(-5, -2);
        return {
          name: cells[0]!,
          type: cells.slice(1, -6).join(" "),
          embedded: emb === "yes",
          subset: sub === "yes",
          unicode: uni === "yes",
        };
      });
  });
}

/** A page's boxes as a print shop reads them (poppler's `pdfinfo -box`): [left, bottom, right, top] in points. */
export type PageBoxes = { media: number[]; crop: number[]; bleed: number[]; trim: number[]; art: number[] };

/** Every page's boxes, and the page count, as `pdfinfo -box` gives them. */
export function pageBoxes(bytes: Uint8Array): Promise<{ pages: number; boxes: PageBoxes[] }> {
  return withFile(bytes, async (file) => {
    const pages = Number(/^Pages:\s+(\d+)$/m.exec((await run("pdfinfo", [file])).stdout)?.[1]);
    const { stdout } = await run("pdfinfo", ["-box", "-f", "1", "-l", String(pages), file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const boxes: PageBoxes[] = Array.from({ length: pages }, () => ({
      media: [],
      crop: [],
      bleed: [],
      trim: [],
      art: [],
    }));
    for (const match of stdout.matchAll(/^Page\s+(\d+)\s+(Media|Crop|Bleed|Trim|Art)Box:\s+([\d.\s-]+)$/gm)) {
      const key = match[2]!.toLowerCase() as keyof PageBoxes;
      boxes[Number(match[1]) - 1]![key] = match[3]!.trim().split(/\s+/).map(Number);
    }
    return { pages, boxes };
  });
}

/** An image as placed, per poppler's `pdfimages -list`: its page, pixels, and resolution where it is drawn. */
export type PlacedImage = { page: number; width: number; height: number; xPpi: number; yPpi: number };

export function placedImages(bytes: Uint8Array): Promise<PlacedImage[]> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run("pdfimages", ["-list", file], { maxBuffer: 16 * 1024 * 1024 });
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    return stdout
      .split("\n")
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        return {
          page: Number(cells[0]),
          width: Number(cells[3]),
          height: Number(cells[4]),
          xPpi: Number(cells[12]),
          yPpi: Number(cells[13]),
        };
      });
  });
}
