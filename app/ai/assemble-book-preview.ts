import type { BookPreviewInput, PreviewStory } from "./preview-types";

type TopicOf = BookPreviewInput["topics"][number];

/**
 * The whole book's preview, the same for every provider: its title (and description), then each topic
 * under its own heading, from the topic's saved draft narrative when it has one, else from
 * `writeTopic` (which gets the blank-line-separated pieces streamed through `onText` as they come).
 * A topic with nothing to show is left out.
 */
export async function assembleBookPreview(
  { book, topics }: BookPreviewInput,
  writeTopic: (topic: TopicOf, onText?: (chunk: string) => void) => Promise<string>,
  onText?: (chunk: string) => void,
): Promise<string> {
  let text = "";
  const add = (piece: string) => {
    const chunk = text ? `\n\n${piece}` : piece;
    text += chunk;
    onText?.(chunk);
  };
  add(`# ${book.title.trim()}`);
  if (book.description.trim()) add(book.description.trim());
  for (const topic of topics) {
    if (topic.preview?.trim()) {
      add(`## ${topic.title.trim()}\n\n${topic.preview.trim()}`);
      continue;
    }
    if (!hasContent(topic.stories)) continue;
    add(`## ${topic.title.trim()}`);
    // The topic's text streams straight through; `add` only places the blank line before it.
    let started = false;
    const body = await writeTopic(topic, (chunk) => {
      const piece = started ? chunk : `\n\n${chunk}`;
      started = true;
      text += piece;
      onText?.(piece);
    });
    if (!started && body) add(body);
  }
  return text;
}

/** Whether any story has something to show: text, a photo or a recording (a story told only aloud counts). */
export const hasContent = (stories: PreviewStory[]) =>
  stories.some((story) => story.text.trim() || story.images.length > 0 || story.recordings.length > 0);
