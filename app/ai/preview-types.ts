import type { Locale } from "~/i18n/config";

/** A recording of a story as previews see it: its length (null when unknown) and what it was turned into. */
export type PreviewRecording = { durationMs: number | null; transcription: string | null };

/** A story as previews see it: its text (refined when there is a refined version), its images and recordings. */
export type PreviewStory = {
  title: string;
  text: string;
  images: { id: number; description: string }[];
  recordings: PreviewRecording[];
};

export type PreviewBook = { title: string; description: string; tone: string; language: Locale };

export type TopicPreviewInput = {
  book: PreviewBook;
  topic: { title: string; description: string };
  stories: PreviewStory[];
};

export type BookPreviewInput = {
  book: PreviewBook;
  /** In book order; a topic's saved draft narrative, when it has one, stands for its stories. */
  topics: { title: string; description: string; preview: string | null; stories: PreviewStory[] }[];
};

export type PreviewOptions = {
  signal?: AbortSignal;
  /** Called with each piece of text as a streaming provider produces it. */
  onText?: (chunk: string) => void;
};

/** The marker a preview keeps for a story's image (docs/product.md §2), rendered as the image itself. */
export const imageMarker = (image: { id: number; description: string }) =>
  `[IMAGE ID:${image.id}: ${image.description.replace(/[\]\n]/g, " ").trim()}]`;
