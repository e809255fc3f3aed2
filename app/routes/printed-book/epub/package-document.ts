import type { SourceBook } from "../keepsake/source";
import { xmlText } from "./xml-text";

/** A file the book holds, as its package document lists it. */
export type ManifestItem = { id: string; href: string; mediaType: string; properties?: string };

/**
 * The package document (`package.opf`): what the book is (its title, language, identifier, storyteller), every file
 * it holds, and the reading order. `modified` is when this copy was made, as EPUB asks (`dcterms:modified`).
 */
export function packageDocument({
  book,
  title,
  identifier,
  modified,
  manifest,
  spine,
}: {
  book: SourceBook;
  title: string;
  identifier: string;
  modified: Date;
  manifest: ManifestItem[];
  spine: string[];
}): string {
  const items = manifest.map(
    ({ id, href, mediaType, properties }) =>
      `    <item id="${id}" href="${xmlText(href)}" media-type="${mediaType}"` +
      `${properties ? ` properties="${properties}"` : ""}/>`,
  );
  const ids = new Map(manifest.map((item) => [item.href, item.id]));
  const refs = spine.map((href) => `    <itemref idref="${ids.get(href)}"/>`);
  const creator = book.storyteller?.trim() ? `    <dc:creator>${xmlText(book.storyteller)}</dc:creator>\n` : "";
  const description = book.description.trim()
    ? `    <dc:description>${xmlText(book.description.trim())}</dc:description>\n`
    : "";
  const cover = manifest.find((item) => item.properties === "cover-image");
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${book.language}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${xmlText(identifier)}</dc:identifier>
    <dc:title>${xmlText(title)}</dc:title>
    <dc:language>${book.language}</dc:language>
${creator}${description}    <meta property="dcterms:modified">${modified.toISOString().replace(/\.\d+Z$/, "Z")}</meta>
${cover ? `    <meta name="cover" content="${cover.id}"/>\n` : ""}  </metadata>
  <manifest>
${items.join("\n")}
  </manifest>
  <spine>
${refs.join("\n")}
  </spine>
</package>
`;
}
