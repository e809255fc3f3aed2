import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { useConformForm } from "~/hooks/use-conform-form";

const IMPORT_ACTION = "/profile/import";

/**
 * Keepsakes on the profile page (issue 9): every book as one zip, and a zip made into books again. Both
 * work without JavaScript: the download is a plain link, the import a multipart form to its own route.
 */
export function KeepsakeSection() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === IMPORT_ACTION;
  // No zip chosen is said beside the field before anything is sent; the route checks the upload itself.
  const { formProps, errorOf } = useConformForm({ id: "import-form", schema: "import" });
  const error = errorOf("file");
  return (
    <section className="card stack keepsake-section" aria-labelledby="keepsake-title">
      <h2 id="keepsake-title">{t("keepsake.sectionTitle")}</h2>
      <p className="muted">{t("keepsake.sectionIntro")}</p>
      <p>
        <a href="/api/export" download className="button button-secondary">
          {t("keepsake.downloadAll")}
        </a>
      </p>
      <Form method="post" action={IMPORT_ACTION} encType="multipart/form-data" className="stack" {...formProps}>
        <div className="field">
          <label htmlFor="import-file">{t("keepsake.importLabel")}</label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".zip,application/zip"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "import-file-hint import-file-error" : "import-file-hint"}
          />
          <p id="import-file-hint" className="field-hint">
            {t("keepsake.importHint")}
          </p>
          {error ? (
            <p id="import-file-error" className="field-error">
              {t(error)}
            </p>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t("keepsake.importing") : t("keepsake.importSubmit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
