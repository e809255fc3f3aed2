import fs from "node:fs";
import sharp from "sharp";
import yazl from "yazl";
import { createPrivateWriteStream } from "~db/private-files.server";
import type { BookSource } from "../keepsake/source";
import type { KeepsakeResult, KeepsakeTask, SoftPicture } from "../keepsake/keepsake-task";
import { type BookPdfOptions, renderBookPdf } from "../layout/render-book";
import { coverSpread } from "./cover-spread";
import { lowResolutionPhotos, type PhotoPlacement } from "./photo-resolution";
import { printShopReadme } from "./readme";
import { renderCoverPdf } from "./render-cover";
import { BLEED, spineWidth } from "./spine";

/**
 * The print shop's package (issue 38 §2, ADR 0044), written to `task.out` as a zip of `interior.pdf` (the book at its
 * trim size with 0.125 in of bleed, no cover), `cover.pdf` (back, spine and front, the spine as wide as the interior's
 * pages on the paper chosen) and `README.txt` in the book's language. Returns the interior's page count and the
 * pictures that will print below 200 ppi where they are placed, for the owner's warning.
 */
export async function printShopPackage(
  source: BookSource,
  task: KeepsakeTask,
  files: { interior: string; cover: string; options: BookPdfOptions },
): Promise<KeepsakeResult> {
  const placements: PhotoPlacement[] = [];
  const pages = await renderBookPdf(source, createPrivateWriteStream(files.interior), {
    ...files.options,
    printShop: true,
    onPhoto: (placement) => placements.push(placement),
  });
  const { book } = source;
  const cover = { book, size: task.size, paper: task.paper, pages, backCode: task.backCode, fonts: task.fonts };
  await renderCoverPdf(cover, createPrivateWriteStream(files.cover));
  const readme = printShopReadme({
    language: book.language,
    size: task.size,
    pages,
    paper: task.paper,
    spineInches: spineWidth(pages, task.paper).inches,
  });
  await writeZip(task.out, [
    { file: files.interior, name: "interior.pdf" },
    { file: files.cover, name: "cover.pdf" },
    { bytes: Buffer.from(readme, "utf8"), name: "README.txt" },
  ]);
  const soft: SoftPicture[] = lowResolutionPhotos(placements).map(({ mediaId, page, ppi }) => ({ mediaId, page, ppi }));
  return { pages, softPictures: [...(await softCover(source, task, pages)), ...soft] };
}

/** The cover's picture, when it fills the front with its bleed at less than 200 ppi. */
async function softCover(source: BookSource, task: KeepsakeTask, pages: number): Promise<SoftPicture[]> {
  if (!source.book.cover) return [];
  const { width, height } = await sharp(source.book.cover).metadata();
  if (!width || !height) return [];
  const { front } = coverSpread(task.size, pages, task.paper);
  const placed = { mediaId: 0, page: 0, widthPt: front.width + BLEED, heightPt: front.height + 2 * BLEED };
  return lowResolutionPhotos([{ ...placed, pixelWidth: width, pixelHeight: height }]).map(({ ppi }) => ({
    mediaId: null,
    page: 0,
    ppi,
  }));
}

/** A zip of files and texts; the PDFs are stored as they are, being compressed already. */
async function writeZip(out: string, entries: ({ name: string } & ({ file: string } | { bytes: Buffer }))[]) {
  const zip = new yazl.ZipFile();
  const written = new Promise<void>((resolve, reject) => {
    const target = createPrivateWriteStream(out);
    target.on("finish", resolve);
    target.on("error", reject);
    zip.outputStream.on("error", reject).pipe(target);
  });
  for (const entry of entries) {
    if ("file" in entry) zip.addReadStream(fs.createReadStream(entry.file), entry.name, { compress: false });
    else zip.addBuffer(entry.bytes, entry.name);
  }
  zip.end();
  await written;
}
