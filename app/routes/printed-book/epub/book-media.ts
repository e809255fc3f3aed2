import path from "node:path";
import type { SourcePhoto, SourceRecording } from "../keepsake/source";
import { ebookAudio } from "./ebook-audio";
import { ebookPhoto } from "./ebook-photo";
import type { EpubZip } from "./epub-zip";
import type { ManifestItem } from "./package-document";
import type { StoryMedia } from "./story-blocks";

/**
 * Puts each photo and recording into the book once, however many stories show it, and lists it in the manifest:
 * photos re-encoded for reading devices into `workDir`, recordings in a core audio type (ebook-audio.ts). A medium
 * that cannot be read or converted is left out (null), and its story says so.
 */
export function bookMedia(
  zip: EpubZip,
  workDir: string,
  options: { audioDir: string; ffmpeg: string | null },
  manifest: ManifestItem[],
): StoryMedia {
  const added = new Map<string, string | null>();
  const once = async (key: string, add: () => Promise<string | null>) => {
    if (!added.has(key)) added.set(key, await add());
    return added.get(key)!;
  };
  return {
    photo: (photo: SourcePhoto) =>
      once(`photo-${photo.mediaId}`, async () => {
        const href = `images/photo-${photo.mediaId}.jpg`;
        const file = path.join(workDir, `photo-${photo.mediaId}.jpg`);
        if (!(await ebookPhoto(photo.file, file))) return null;
        zip.addFile(file, href, false);
        manifest.push({ id: `photo-${photo.mediaId}`, href, mediaType: "image/jpeg" });
        return href;
      }),
    recording: (recording: SourceRecording) =>
      once(`recording-${recording.mediaId}`, async () => {
        const audio = await ebookAudio(recording, options);
        if (!audio) return null;
        const href = `audio/recording-${recording.mediaId}.${audio.extension}`;
        zip.addFile(audio.file, href, false);
        manifest.push({ id: `recording-${recording.mediaId}`, href, mediaType: audio.mediaType });
        return href;
      }),
  };
}
