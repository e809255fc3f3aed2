import type { EbookLabels } from "./ebook-labels";
import { xhtmlDocument } from "./xhtml-document";
import { xmlText } from "./xml-text";

/** A chapter in the table of contents: where it starts, and where each of its stories does. */
export type TocChapter = { title: string; href: string; stories: { title: string; href: string }[] };

/** The landmarks a reading system jumps to ("Go to the beginning", "Contents"), by their EPUB type. */
export type Landmark = { type: "cover" | "titlepage" | "toc" | "bodymatter"; href: string; title: string };

const link = (href: string, title: string) => `<a href="${xmlText(href)}">${xmlText(title)}</a>`;

/**
 * The navigation document: the table of contents, a chapter per topic with its stories under it, and the landmarks,
 * which reading systems use and do not show (`hidden`). A book without chapters lists its title page, since a table
 * of contents may not be empty.
 */
export function navDocument({
  language,
  labels,
  chapters,
  landmarks,
  titlePage,
}: {
  language: string;
  labels: EbookLabels;
  chapters: TocChapter[];
  landmarks: Landmark[];
  titlePage: string;
}): string {
  const items = chapters.map((chapter) => {
    const stories = chapter.stories.map((story) => `<li>${link(story.href, story.title)}</li>`).join("\n");
    return `<li>${link(chapter.href, chapter.title)}${stories ? `\n<ol>\n${stories}\n</ol>\n` : ""}</li>`;
  });
  if (!items.length) items.push(`<li>${link(titlePage, labels.titlePage)}</li>`);
  const marks = landmarks.map(
    ({ type, href, title }) => `<li><a epub:type="${type}" href="${xmlText(href)}">${xmlText(title)}</a></li>`,
  );
  const body =
    `<nav epub:type="toc" id="toc">\n<h1>${xmlText(labels.contents)}</h1>\n<ol>\n${items.join("\n")}\n</ol>\n</nav>\n` +
    `<nav epub:type="landmarks" id="landmarks" hidden="hidden">\n<h2>${xmlText(labels.landmarks)}</h2>\n` +
    `<ol>\n${marks.join("\n")}\n</ol>\n</nav>\n`;
  return xhtmlDocument({ language, title: labels.contents, bodyType: "frontmatter" }, body);
}
