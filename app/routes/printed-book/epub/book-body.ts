import type { BookSource } from "../keepsake/source";
import type { ChapterParts } from "./chapter-parts";
import type { EbookLabels } from "./ebook-labels";
import type { TocChapter } from "./nav-document";
import { type StoryMedia, storyAnchor, storyBlocks } from "./story-blocks";
import { xmlLines, xmlText } from "./xml-text";

/**
 * The chapters and their stories, read from the source a line at a time into `parts`. Answers the table of contents.
 * Stories before any chapter, which the server does
 * not write, would go under the book's title rather than be lost.
 */
export async function writeBody({
  source,
  title,
  parts,
  labels,
  media,
  onProgress,
}: {
  source: BookSource;
  title: string;
  parts: ChapterParts;
  labels: EbookLabels;
  media: StoryMedia;
  onProgress?: (storiesDone: number, storiesTotal: number) => void;
}): Promise<{ chapters: TocChapter[] }> {
  const chapters: TocChapter[] = [];
  let done = 0;
  for await (const line of source.lines()) {
    if (line.kind === "chapter" || !chapters.length) {
      const name = (line.kind === "chapter" ? line.title.trim() : "") || title;
      const description = line.kind === "chapter" ? line.description.trim() : "";
      await parts.startChapter(name);
      const heading = `<h1>${xmlText(name)}</h1>\n`;
      const about = description ? `<p class="chapter-description">${xmlLines(description)}</p>\n` : "";
      chapters.push({ title: name, href: await parts.add(heading + about), stories: [] });
    }
    if (line.kind !== "story") continue;
    const [first, ...rest] = await storyBlocks(line, labels, media);
    const href = await parts.add(first!);
    for (const block of rest) await parts.add(block);
    const story = { title: line.title.trim() || labels.untitled, href: `${href}#${storyAnchor(line)}` };
    chapters.at(-1)!.stories.push(story);
    onProgress?.(++done, source.book.counts.stories);
  }
  await parts.close();
  return { chapters };
}
