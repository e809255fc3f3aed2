import path from "node:path";
import { storyParagraphs } from "~/lib/text";
import type { SourceBook } from "../keepsake/source";
import type { EbookLabels } from "./ebook-labels";
import { COVER_SIDE, ebookPhoto } from "./ebook-photo";
import type { EpubZip } from "./epub-zip";
import type { Landmark } from "./nav-document";
import type { ManifestItem } from "./package-document";
import { xhtmlDocument } from "./xhtml-document";
import { xmlLines, xmlText } from "./xml-text";

const COVER_IMAGE = "images/cover.jpg";

/**
 * What comes before the chapters: the cover, when the book has a picture for it, and the title page with the
 * storyteller's name and the book's description. Answers the files, the documents in reading order and the landmarks.
 */
export async function frontMatter(
  book: SourceBook,
  title: string,
  labels: EbookLabels,
  zip: EpubZip,
  workDir: string,
): Promise<{ manifest: ManifestItem[]; spine: string[]; landmarks: Landmark[] }> {
  const manifest: ManifestItem[] = [];
  const spine: string[] = [];
  const landmarks: Landmark[] = [];
  const head = (name: string, bodyType: string) => ({ language: book.language, title: name, bodyType });
  const coverFile = path.join(workDir, "cover.jpg");
  if (book.cover && (await ebookPhoto(book.cover, coverFile, COVER_SIDE))) {
    zip.addFile(coverFile, COVER_IMAGE, false);
    const page = `<div class="cover"><img src="${COVER_IMAGE}" alt="${xmlText(title)}"/></div>\n`;
    zip.addText(xhtmlDocument(head(labels.cover, "cover"), page), "cover.xhtml");
    manifest.push(
      { id: "cover-image", href: COVER_IMAGE, mediaType: "image/jpeg", properties: "cover-image" },
      { id: "cover", href: "cover.xhtml", mediaType: "application/xhtml+xml" },
    );
    spine.push("cover.xhtml");
    landmarks.push({ type: "cover", href: "cover.xhtml", title: labels.cover });
  }
  const storyteller = book.storyteller?.trim();
  const description = storyParagraphs(book.description).map((paragraph) => `<p>${xmlLines(paragraph)}</p>\n`);
  const page =
    `<div class="title-page">\n<h1>${xmlText(title)}</h1>\n` +
    (storyteller ? `<p class="told-by">${xmlText(labels.toldBy(storyteller))}</p>\n` : "") +
    `${description.join("")}</div>\n`;
  zip.addText(xhtmlDocument(head(title, "titlepage"), page), "title.xhtml");
  manifest.push({ id: "title", href: "title.xhtml", mediaType: "application/xhtml+xml" });
  spine.push("title.xhtml");
  landmarks.push({ type: "titlepage", href: "title.xhtml", title: labels.titlePage });
  return { manifest, spine, landmarks };
}
