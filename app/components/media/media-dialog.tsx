import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";
import { MediaAudio } from "./media-audio";
import { MediaImage } from "./media-image";
import { RecordingLength } from "./recording-length";

export type DialogMedia = {
  id: number;
  type: "image" | "audio";
  description: string;
  transcription: string | null;
  /** A recording's length as measured at upload; absent where the caller does not know it. */
  durationMs?: number | null;
  createdAt: Date | string;
};

/**
 * A photo or a recording in full (docs/product.md §2): the image or an audio player, its description, its
 * transcription and when it was added (dd/MM/yyyy HH:mm). The admin's explorer starts a recording at once.
 */
export function MediaDialog({
  media,
  closeHref,
  autoPlay = false,
}: {
  media: DialogMedia;
  closeHref: string;
  autoPlay?: boolean;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const kind = media.type === "image" ? t("media.image") : t("media.audio");
  return (
    <Dialog title={kind} closeHref={closeHref}>
      <div className="stack">
        {media.type === "image" ? (
          <MediaImage media={media} alt={media.description} className="media-full" lazy={false} />
        ) : (
          <MediaAudio media={media} autoPlay={autoPlay} label={media.description || kind} />
        )}
        {media.type === "audio" && (media.description || media.durationMs) ? (
          <p>
            {media.description} <RecordingLength ms={media.durationMs} />
          </p>
        ) : null}
        {media.description && media.type === "image" ? <p className="muted">{media.description}</p> : null}
        {media.transcription ? (
          <section aria-labelledby="transcription-heading">
            <h3 id="transcription-heading">{t("media.transcription")}</h3>
            <p className="story-text">{media.transcription}</p>
          </section>
        ) : null}
        <p className="muted">{t("media.added", { date: formatDateTime(media.createdAt, timeZone) })}</p>
      </div>
    </Dialog>
  );
}
