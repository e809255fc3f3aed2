import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";

/**
 * A topic's saved draft narrative, titled Topic Preview (?dialog=preview&id=…). A topic that has none
 * (or no longer exists) says so in the spec's words; a saved but empty one says there is nothing to show.
 */
export function PreviewDialog({
  preview,
  closeHref,
}: {
  preview: { title: string; preview: string } | null;
  closeHref: string;
}) {
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
          {preview.preview.trim() ? (
            <div className="story-text preview-dialog-text">{preview.preview}</div>
          ) : (
            <p className="muted">{t("admin.noPreview")}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
