import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { BookSource, SourceBook } from "../keepsake/source";
import { bookMedia } from "./book-media";
import { writeBody } from "./book-body";
import { ChapterParts } from "./chapter-parts";
import { ebookLabels } from "./ebook-labels";
import { EBOOK_STYLE, FONT_FILES } from "./ebook-style";
import { EpubZip } from "./epub-zip";
import { frontMatter } from "./front-matter";
import { type Landmark, navDocument } from "./nav-document";
import { type ManifestItem, packageDocument } from "./package-document";

export type EpubOptions = {
  /** Noto Serif's three TrueType files, as the printed book uses them. */
  fonts: { regular: string; bold: string; italic: string };
  /** Where converted recordings are kept by media id, from one e-book to the next. */
  audioDir: string;
  /** The system's ffmpeg, or null: recordings that are not in a type reading systems play are then left out. */
  ffmpeg: string | null;
  onProgress?: (storiesDone: number, storiesTotal: number) => void;
};

/**
 * Writes a book's EPUB 3 to `file` (issue 38): a title page, a chapter per topic with its stories, photos and
 * recordings, the table of contents, in Noto Serif. The source is read once, a line at a time; each chapter is cut
 * into documents of at most ~250 KB that wait on disk until the zip takes them, so that memory holds one document
 * and the book's list of files, never its text. The file is left incomplete when this fails.
 */
export async function renderEpub(source: BookSource, file: string, options: EpubOptions): Promise<void> {
  const { book } = source;
  const labels = ebookLabels(book.language);
  const title = book.title.trim() || labels.untitled;
  const workDir = await fs.mkdtemp(path.join(path.dirname(file), ".epub-"));
  const zip = new EpubZip(file);
  try {
    const manifest: ManifestItem[] = [
      { id: "nav", href: "nav.xhtml", mediaType: "application/xhtml+xml", properties: "nav" },
      { id: "style", href: "style.css", mediaType: "text/css" },
    ];
    for (const [weight, href] of Object.entries(FONT_FILES)) {
      zip.addFile(options.fonts[weight as keyof typeof FONT_FILES], href, true);
      manifest.push({ id: `font-${weight}`, href, mediaType: "font/ttf" });
    }
    zip.addText(EBOOK_STYLE, "style.css");
    const front = await frontMatter(book, title, labels, zip, workDir);
    manifest.push(...front.manifest);
    const parts = new ChapterParts(zip, workDir, book.language);
    const { chapters } = await writeBody({
      source,
      title,
      parts,
      labels,
      media: bookMedia(zip, workDir, options, manifest),
      onProgress: options.onProgress,
    });
    for (const href of parts.documents)
      manifest.push({ id: href.replace(/\.xhtml$/, ""), href, mediaType: "application/xhtml+xml" });
    const landmarks: Landmark[] = [
      ...front.landmarks,
      { type: "toc", href: "nav.xhtml", title: labels.contents },
      ...(parts.documents[0] ? [{ type: "bodymatter" as const, href: parts.documents[0], title: labels.stories }] : []),
    ];
    zip.addText(
      navDocument({ language: book.language, labels, chapters, landmarks, titlePage: "title.xhtml" }),
      "nav.xhtml",
    );
    const spine = [...front.spine, "nav.xhtml", ...parts.documents];
    const identifier = bookIdentifier(book);
    zip.addText(packageDocument({ book, title, identifier, modified: new Date(), manifest, spine }), "package.opf");
    await zip.finish();
  } catch (error) {
    zip.abort();
    throw error;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The book's identifier, the same for each copy made of it, so that a reading system takes a new copy for the same
 * book, whatever its title becomes: a UUID (RFC 9562's name-based form) from its id and the moment it was made, which
 * no other book shares.
 */
function bookIdentifier(book: SourceBook): string {
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify(["heirloom-book", book.id, book.createdAt]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
