import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { useConformForm } from "~/hooks/use-conform-form";
import { showToast } from "~/lib/client-toast";
import { MEDIA_DESCRIPTION_MAX } from "~/lib/limits";
import { IMAGE_TYPES } from "~/lib/sniff";

/**
 * Uploads a photo to the story (multipart, without JavaScript too). Only image files are offered; one
 * that is not an image is refused at once with 'Không có hình ảnh' (docs/product.md §5), and by its bytes on the
 * server.
 * The description is optional: the file's name stands in until one is written.
 */
export function UploadPhotoForm({ action }: { action: string }) {
  const t = useT();
  const file = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const busy = navigation.formAction === action && navigation.formData?.get("intent") === "upload";
  // The route answers a refusal with its toast (ADR 0008); conform checks the form before it is posted.
  const { formProps, errorOf } = useConformForm({ id: "upload-photo", schema: "photoUpload" });
  const fileError = errorOf("file");
  const descriptionError = errorOf("description");
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="card stack upload-photo"
      preventScrollReset
      {...formProps}
    >
      <h3>{t("storyEditor.mediaUploadTitle")}</h3>
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="type" value="image" />
      <div className="field">
        <label htmlFor="media-file">{t("storyEditor.mediaFile")}</label>
        <input
          ref={file}
          id="media-file"
          type="file"
          name="file"
          accept={IMAGE_TYPES.join(",")}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? "media-file-hint media-file-error" : "media-file-hint"}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen && !chosen.type.startsWith("image/")) {
              event.currentTarget.value = "";
              showToast({ kind: "error", title: "media.notImageTitle", description: "media.notImage" });
            }
          }}
        />
        <p id="media-file-hint" className="field-hint">
          {t("storyEditor.mediaFileHint")}
        </p>
        {fileError ? (
          <p id="media-file-error" className="field-error">
            {t(fileError)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="media-new-description">{t("storyEditor.mediaDescriptionOptional")}</label>
        <input
          id="media-new-description"
          name="description"
          maxLength={MEDIA_DESCRIPTION_MAX}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? "media-new-description-error" : undefined}
        />
        {descriptionError ? (
          <p id="media-new-description-error" className="field-error">
            {t(descriptionError)}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("storyEditor.mediaUploading") : t("storyEditor.mediaUpload")}
        </button>
      </div>
    </Form>
  );
}
