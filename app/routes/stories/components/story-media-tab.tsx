import { Form, Link, useNavigation } from "react-router";
import { MediaAudio } from "~/components/media/media-audio";
import { MediaImage } from "~/components/media/media-image";
import { RecordingLength } from "~/components/media/recording-length";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useT } from "~/i18n/use-t";
import { formatDateTime } from "~/lib/dates";
import { MEDIA_DESCRIPTION_MAX } from "~/lib/limits";
import { useTimeZone } from "~/hooks/use-root-data";
import { UploadPhotoForm } from "./upload-photo-form";
import { useConformForm } from "~/hooks/use-conform-form";

const loadPhotoDescriptionFormSchema = () =>
  import("~/lib/validation").then((forms) => forms.photoDescriptionFormSchema);
const loadMediaDescriptionSchema = () => import("~/lib/validation").then((forms) => forms.mediaDescriptionSchema);

export type StoryMediaItem = {
  id: number;
  type: "image" | "audio";
  filename: string;
  description: string;
  transcription: string | null;
  durationMs: number | null;
  createdAt: Date | string;
};

type Props = { bookId: number; storyId: number; media: StoryMediaItem[]; deleting: StoryMediaItem | null };

/**
 * The media files tab of a story (docs/product.md §2): its photos and recordings, each with its description
 * (editable), its transcription and when it was added, a delete button that asks first, and a form
 * to upload a photo. All plain forms posting to /books/{id}/stories/{storyId}/media.
 */
export function StoryMediaTab({ bookId, storyId, media, deleting }: Props) {
  const t = useT();
  const action = `/books/${bookId}/stories/${storyId}/media`;
  const here = `/books/${bookId}?storyId=${storyId}&tab=media`;
  return (
    <div className="stack">
      {media.length === 0 ? (
        <p className="empty-state">{t("storyEditor.mediaEmpty")}</p>
      ) : (
        <p className="muted">{t("storyEditor.mediaIntro")}</p>
      )}
      {media.length > 0 ? (
        <ul className="media-list">
          {media.map((item) => (
            <MediaItem key={item.id} item={item} action={action} deleteHref={`${here}&deleteMedia=${item.id}`} />
          ))}
        </ul>
      ) : null}
      <UploadPhotoForm action={action} />
      {deleting ? (
        <ConfirmDialog
          title={t("storyEditor.mediaDeleteTitle")}
          warning={t("storyEditor.mediaDeleteWarning", {
            name: deleting.description || deleting.filename || t("storyEditor.mediaUntitled"),
          })}
          fields={{ intent: "delete", mediaId: deleting.id }}
          confirmLabel={t("storyEditor.mediaDelete")}
          cancelLabel={t("common.cancel")}
          closeHref={here}
          action={action}
        />
      ) : null}
    </div>
  );
}

function MediaItem({ item, action, deleteHref }: { item: StoryMediaItem; action: string; deleteHref: string }) {
  const t = useT();
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const busy = navigation.formAction === action && navigation.formData?.get("mediaId") === String(item.id);
  const kind = item.type === "image" ? t("media.image") : t("media.audio");
  const name = item.description || item.filename || t("storyEditor.mediaUntitled");
  const fieldId = `media-${item.id}-description`;
  // The route answers a refusal with its toast (ADR 0008); conform checks the description before it is posted.
  const { formProps, errorOf } = useConformForm({
    id: `media-${item.id}-describe`,
    schema: item.type === "image" ? loadPhotoDescriptionFormSchema : loadMediaDescriptionSchema,
  });
  const error = errorOf("description");
  return (
    <li className="media-item">
      <div className="media-preview">
        {item.type === "image" ? (
          <MediaImage media={item} thumb alt={item.description} width={160} height={160} />
        ) : (
          <MediaAudio media={item} label={name} />
        )}
      </div>
      <div className="stack media-details">
        <p className="media-meta">
          <span className="badge">{kind}</span> <RecordingLength ms={item.durationMs} />{" "}
          <span className="media-date">{t("media.added", { date: formatDateTime(item.createdAt, timeZone) })}</span>
        </p>
        {item.transcription ? (
          <details>
            <summary>{t("media.transcription")}</summary>
            <p className="story-text">{item.transcription}</p>
          </details>
        ) : null}
        <Form method="post" action={action} className="media-describe" preventScrollReset {...formProps}>
          <input type="hidden" name="intent" value="describe" />
          <input type="hidden" name="mediaId" value={item.id} />
          <label htmlFor={fieldId}>{t("storyEditor.mediaDescription")}</label>
          <input
            id={fieldId}
            name="description"
            defaultValue={item.description}
            maxLength={MEDIA_DESCRIPTION_MAX}
            aria-required={item.type === "image" || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="field-error">
              {t(error)}
            </p>
          ) : null}
          {/* Delete sits at the far end, away from Save, so a thumb aiming at one does not land on the other. */}
          <div className="form-actions media-actions">
            <button
              type="submit"
              className="button button-secondary"
              disabled={busy}
              aria-label={t("storyEditor.mediaSaveDescriptionOf", { name })}
            >
              {t("storyEditor.mediaSaveDescription")}
            </button>
            <Link
              to={deleteHref}
              className="button button-danger"
              preventScrollReset
              aria-label={t("storyEditor.mediaDeleteOf", { name })}
            >
              {t("storyEditor.mediaDelete")}
            </Link>
          </div>
        </Form>
      </div>
    </li>
  );
}
