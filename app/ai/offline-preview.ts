import type { Locale } from "~/i18n/config";
import { imageMarker, type PreviewStory, type TopicPreviewInput } from "./preview-types";
import { recordingBlocks } from "./recording-lines";

// Short sentences between two stories. They join the user's words without adding a fact to them.
const TRANSITIONS: Record<Locale, string[]> = {
  en: [
    "Another memory comes to mind.",
    "There is more to tell.",
    "Then comes another story.",
    "One more memory belongs here.",
  ],
  vi: [
    "Một kỷ niệm khác lại hiện về.",
    "Vẫn còn nhiều điều để kể.",
    "Rồi đến một câu chuyện khác.",
    "Thêm một kỷ niệm nữa thuộc về nơi đây.",
  ],
};

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

/** A topic's stories in order, each under its title, joined by gentle transitions. */
function stitchStories(stories: PreviewStory[], language: Locale): string[] {
  const blocks: string[] = [];
  const told = stories.map((story) => ({ story, body: storyBlocks(story, language) })).filter((s) => s.body.length);
  told.forEach(({ story, body }, index) => {
    if (index > 0) blocks.push(TRANSITIONS[language][(index - 1) % TRANSITIONS[language].length]!);
    if (story.title.trim()) blocks.push(`### ${story.title.trim()}`);
    blocks.push(...body);
  });
  return blocks;
}

/**
 * The offline topic preview: the user's own stories, in order, stitched with headings and transitions
 * in the book's language. Nothing is invented; a topic without stories has an empty preview.
 */
export function composeTopicPreview({ book, stories }: TopicPreviewInput): string {
  return stitchStories(stories, book.language).join("\n\n");
}
