import { eq } from "drizzle-orm";
import { db } from "~db/client.server";
import { books, stories, type Language } from "~db/schema";
import { aiProvider } from "~/ai/provider.server";
import type { MessageKey } from "~/i18n/types";
import { withMediaBlob } from "~/models/media-storage.server";
import { addStoryMedia, getMedia, setTranscription, type MediaView } from "~/models/media.server";
import { AppError } from "~/lib/errors";
import { AUDIO_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "~/lib/limits";
import type { UploadedFile } from "~/http/request-body.server";

const MEDIA_TYPES_POSTED = ["image", "audio"] as const;
export type MediaKind = (typeof MEDIA_TYPES_POSTED)[number];

/** The largest file any media form may carry; the per-type cap is checked once the type is known. */
export const MEDIA_UPLOAD_MAX_BYTES = Math.max(IMAGE_UPLOAD_MAX_BYTES, AUDIO_UPLOAD_MAX_BYTES);

const capOf: Record<MediaKind, number> = { image: IMAGE_UPLOAD_MAX_BYTES, audio: AUDIO_UPLOAD_MAX_BYTES };

export function mediaKind(value: FormDataEntryValue | null): MediaKind {
  if (value === "image" || value === "audio") return value;
  throw new AppError(400, "media.typeRequired", "type");
}

export type TranscriptionOutcome = { text: string | null; reason: MessageKey | null };
export type UploadOutcome = { media: MediaView; transcription: TranscriptionOutcome | null };

/**
 * Turns a stored recording into text through the AI provider, in its book's language, and keeps the
 * text on the media row. A failure never loses the recording: it only says why there is no text.
 */
async function transcribeMedia({
  mediaId,
  userId,
  signal,
}: {
  mediaId: number;
  userId: number;
  signal?: AbortSignal;
}): Promise<TranscriptionOutcome> {
  const item = await getMedia({ mediaId, userId });
  if (item?.type !== "audio") throw new AppError(404, "media.notFound");
  const language = (
    await db()
      .select({ language: books.language })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(eq(stories.id, item.storyId))
  )[0]?.language as Language;
  try {
    const result = await withMediaBlob(item.storageKey, (data) =>
      aiProvider().transcribe(
        { data, mimeType: item.mimeType, filename: item.filename || `recording.${item.storageKey.split(".")[1]}` },
        { language, signal },
      ),
    );
    if (result === null) throw new AppError(404, "media.notFound");
    if (result.text === null) return { text: null, reason: result.reason };
    await setTranscription({ mediaId, text: result.text });
    return { text: result.text, reason: null };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error("Transcription failed", error);
    return { text: null, reason: "transcription.failed" };
  }
}

/**
 * Keeps one uploaded file as a story's photo or recording (checked by its bytes, within its type's
 * cap), and turns a recording into text. The caller has read the multipart body and removes its
 * temporary files afterwards.
 */
export async function saveStoryUpload({
  storyId,
  userId,
  kind,
  file,
  description,
  fallbackDescription,
  signal,
}: {
  storyId: number;
  userId: number;
  kind: MediaKind;
  file: UploadedFile | undefined;
  description?: string;
  /** An image's description when neither the form nor the file name gives one. */
  fallbackDescription?: string;
  signal?: AbortSignal;
}): Promise<UploadOutcome> {
  if (!file)
    throw new AppError(
      400,
      kind === "image" ? "media.notImage" : "media.notAudio",
      "file",
      kind === "image" ? "media.notImageTitle" : "media.notAudioTitle",
    );
  if (file.tooLarge || file.size > capOf[kind])
    throw new AppError(413, "media.tooLarge", "file", "books.tooLargeTitle");
  const media = await addStoryMedia({
    storyId,
    userId,
    type: kind,
    upload: { path: file.path, filename: file.filename, size: file.size },
    description,
    fallbackDescription: fallbackDescription ?? "",
  });
  if (kind === "image") return { media, transcription: null };
  const transcription = await transcribeMedia({ mediaId: media.id, userId, signal });
  return { media: { ...media, transcription: transcription.text }, transcription };
}
