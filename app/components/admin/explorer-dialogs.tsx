import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/lib/use-root-data";

/**
 * A topic's saved draft narrative, titled Topic Preview (?dialog=preview&id=…). A topic that has none
 * (or no longer exists) says so in the spec's words; a saved but empty one says there is nothing to show.
 */
export function PreviewDialog({ preview, closeHref }: { preview: { title: string; preview: string } | null; closeHref: string }) {
  const t = useT();
  return (
    <Dialog title={t("admin.previewTitle")} closeHref={closeHref} wide>
      <p className="muted">{t("admin.previewDescription")}</p>
      {preview === null ? (
        <p role="alert" className="form-error">
          {t("admin.previewError")}
        </p>
      ) : (
        <div className="stack">
          <h3>{preview.title}</h3>
          {preview.preview.trim() ? <div className="story-text preview-dialog-text">{preview.preview}</div> : <p className="muted">{t("admin.noPreview")}</p>}
        </div>
      )}
    </Dialog>
  );
}

type Media = { id: number; type: "image" | "audio"; description: string; transcription: string | null; createdAt: Date | string };

/** An image, or a recording that starts playing, with its transcription (?dialog=media&id=…). */
export function MediaDialog({ media, closeHref }: { media: Media; closeHref: string }) {
  const t = useT();
  const timeZone = useTimeZone();
  const src = `/api/media/render/id:${media.id}`;
  return (
    <Dialog title={media.type === "image" ? t("admin.explorer.image") : t("admin.explorer.audio")} closeHref={closeHref}>
      <div className="stack">
        {media.type === "image" ? (
          <img className="media-full" src={src} alt={media.description} />
        ) : (
          // The admin asked to hear it: it starts at once, with the controls to stop it.
          <audio controls autoPlay src={src} />
        )}
        {media.description && media.type === "audio" ? <p>{media.description}</p> : null}
        {media.transcription ? (
          <section aria-labelledby="transcription-heading">
            <h3 id="transcription-heading">{t("admin.explorer.transcription")}</h3>
            <p className="story-text">{media.transcription}</p>
          </section>
        ) : null}
        <p className="muted">{formatDateTime(media.createdAt, timeZone)}</p>
      </div>
    </Dialog>
  );
}
