import type { SourcePhoto, SourceRecording, SourceStory } from "../keepsake/source";
import type { EbookLabels } from "./ebook-labels";
import { xmlLines, xmlText } from "./xml-text";

/** Where the e-book holds a story's media: the address of each in the book, or null for one that is not in it. */
export type StoryMedia = {
  photo: (photo: SourcePhoto) => Promise<string | null>;
  recording: (recording: SourceRecording) => Promise<string | null>;
};

/** The anchor of a story in its document, which the table of contents links to. */
export const storyAnchor = (story: SourceStory) => `story-${story.id}`;

/**
 * A story as XHTML blocks, in the printed book's order: the title, the recordings, the text, the photos. Each block
 * stands alone, so that a long chapter can be cut between any two; the title is joined to what follows it, so that
 * no document ends on a title whose story starts in the next.
 */
export async function storyBlocks(story: SourceStory, labels: EbookLabels, media: StoryMedia): Promise<string[]> {
  const title = story.title.trim() || labels.untitled;
  const blocks: string[] = [];
  for (const recording of story.recordings) blocks.push(await recordingBlock(recording, story, labels, media));
  for (const paragraph of story.paragraphs) blocks.push(`<p>${xmlLines(paragraph)}</p>\n`);
  for (const photo of story.photos) {
    const href = await media.photo(photo);
    if (href) blocks.push(photoBlock(photo, href, title, labels));
  }
  const heading = `<h2 id="${storyAnchor(story)}">${xmlText(title)}</h2>\n`;
  return [heading + (blocks[0] ?? ""), ...blocks.slice(1)];
}

async function recordingBlock(
  recording: SourceRecording,
  story: SourceStory,
  labels: EbookLabels,
  media: StoryMedia,
): Promise<string> {
  const line = `<p>${xmlText(recording.line)}</p>`;
  const href = await media.recording(recording);
  if (href) {
    const audio = `<audio controls="controls" src="${xmlText(href)}">${xmlText(labels.audioFallback)}</audio>`;
    return `<div class="recording">${line}${audio}</div>\n`;
  }
  // Never an element pointing at nothing: the reader is told, and given the book online when it has a link.
  const online = story.voice ? ` <a href="${xmlText(story.voice.url)}">${xmlText(labels.listenOnline)}</a>` : "";
  return `<div class="recording">${line}<p>${xmlText(labels.noAudio)}${online}</p></div>\n`;
}

function photoBlock(photo: SourcePhoto, href: string, storyTitle: string, labels: EbookLabels): string {
  const caption = photo.caption.trim();
  const alt = caption || labels.photo(storyTitle);
  const figcaption = caption ? `<figcaption>${xmlLines(caption)}</figcaption>` : "";
  return `<figure><img src="${xmlText(href)}" alt="${xmlText(alt)}"/>${figcaption}</figure>\n`;
}
