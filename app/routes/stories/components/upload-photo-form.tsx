import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import { showToast } from "~/lib/client-toast";
import { MEDIA_DESCRIPTION_MAX } from "~/lib/limits";
import { IMAGE_TYPES } from "~/lib/sniff";

const loadPhotoUploadFormSchema = () => import("~/lib/validation").then((forms) => forms.photoUploadFormSchema);

/**
 * Uploads a photo to the story (multipart, without JavaScript too). Only image files are offered; one
 * that is not an image is refused at once with 'Không có hình ảnh' (docs/product.md §5), and by its bytes on the
 * server.
 * The description is optional: the file's name stands in until one is written.
 */
export function UploadPhotoForm({ action }: { action: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.formAction === action && navigation.formData?.get("intent") === "upload";
  // The route answers a refusal with its toast (ADR 0008); conform checks the form before it is posted.
  const { formProps, errorOf } = useConformForm({ id: "upload-photo", schema: loadPhotoUploadFormSchema });
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
      <Field
        name="file"
        idPrefix="media-"
        type="file"
        label={t("storyEditor.mediaFile")}
        accept={IMAGE_TYPES.join(",")}
        hint={t("storyEditor.mediaFileHint")}
        error={errorOf("file")}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          if (chosen && !chosen.type.startsWith("image/")) {
            event.currentTarget.value = "";
            showToast({ kind: "error", title: "media.notImageTitle", description: "media.notImage" });
          }
        }}
      />
      <Field
        name="description"
        idPrefix="media-new-"
        label={t("storyEditor.mediaDescriptionOptional")}
        maxLength={MEDIA_DESCRIPTION_MAX}
        error={errorOf("description")}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("storyEditor.mediaUploading") : t("storyEditor.mediaUpload")}
        </button>
      </div>
    </Form>
  );
}
