import type { Locale } from "~/i18n/config";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { clockDuration } from "~/lib/duration";
import { untoldTranscripts } from "~/lib/text";
import type { PreviewStory } from "./preview-types";

/**
 * "[Bản ghi âm: 3:25]" / "[Recording: 3:25]": the line a preview (and its downloaded text) keeps for a story's
 * recording, in the book's language, so a story that was only told aloud is still part of the book.
 */
function recordingLine(durationMs: number | null, language: Locale): string {
  const t = fastT(language, resources[language].translation);
  return durationMs
    ? t("preview.recordingLine", { length: clockDuration(durationMs) })
    : t("preview.recordingNoLength");
}

/**
 * What a story's recordings add to a preview: a line for each, then each transcription the story's text does
 * not already hold (with an AI server the words are added to the text when the recording is saved).
 */
export function recordingBlocks(story: PreviewStory, language: Locale): { lines: string[]; transcripts: string[] } {
  return {
    lines: story.recordings.map((recording) => recordingLine(recording.durationMs, language)),
    transcripts: untoldTranscripts(
      story.text,
      story.recordings.map((recording) => recording.transcription),
    ),
  };
}

/**
 * The recording lines of `stories` that a written chapter left out, each under its story's heading: a model asked
 * to keep them may not, and a story told only aloud must not disappear from the book.
 */
export function missingRecordings(stories: PreviewStory[], written: string, language: Locale): string[] {
  const blocks: string[] = [];
  for (const story of stories) {
    const lines = recordingBlocks(story, language).lines.filter((line) => !written.includes(line));
    if (lines.length === 0) continue;
    if (story.title.trim()) blocks.push(`### ${story.title.trim()}`);
    blocks.push(...lines);
  }
  return blocks;
}
