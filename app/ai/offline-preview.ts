import type { Locale } from "~/i18n/config";
import { imageMarker, type PreviewStory, type TopicPreviewInput } from "./preview-types";
import { recordingBlocks } from "./recording-lines";

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * A story's blocks: a line for each recording (right under the title, as the shared page puts the voice), its
 * paragraphs as written, one blank line apart, any transcription its text does not hold yet, then its images'
 * markers.
 */
function storyBlocks(story: PreviewStory, language: Locale): string[] {
  const { lines, transcripts } = recordingBlocks(story, language);
  return [
    ...lines,
    ...paragraphsOf(story.text),
    ...transcripts.flatMap(paragraphsOf),
    ...story.images.map(imageMarker),
  ];
}

/**
 * A topic's stories in order, each under its title. They are joined by layout alone (the break before the next
 * title), never by words: a sentence between two stories would be one the storyteller never said (issue 35).
 */
function stitchStories(stories: PreviewStory[], language: Locale): string[] {
  return stories.flatMap((story) => {
    const body = storyBlocks(story, language);
    if (body.length === 0) return [];
    return story.title.trim() ? [`### ${story.title.trim()}`, ...body] : body;
  });
}

/**
 * The offline topic preview: the user's own stories, in order, each under its heading, with the lines a recording
 * or a photo keeps in the book's language. Nothing is invented or added; a topic without stories has an empty preview.
 */
export function composeTopicPreview({ book, stories }: TopicPreviewInput): string {
  return stitchStories(stories, book.language).join("\n\n");
}
