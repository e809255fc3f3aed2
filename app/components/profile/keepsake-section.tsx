import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";

const IMPORT_ACTION = "/profile/import";

/**
 * Keepsakes on the profile page (issue 9): every book as one zip, and a zip made into books again. Both
 * work without JavaScript: the download is a plain link, the import a multipart form to its own route.
 */
export function KeepsakeSection() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === IMPORT_ACTION;
  return (
    <section className="card stack keepsake-section" aria-labelledby="keepsake-title">
      <h2 id="keepsake-title">{t("keepsake.sectionTitle")}</h2>
      <p className="muted">{t("keepsake.sectionIntro")}</p>
      <p>
        <a href="/api/export" download className="button button-secondary">
          {t("keepsake.downloadAll")}
        </a>
      </p>
      <Form method="post" action={IMPORT_ACTION} encType="multipart/form-data" className="stack">
        <div className="field">
          <label htmlFor="import-file">{t("keepsake.importLabel")}</label>
          <input
            id="import-file"
            type="file"
            name="file"
            accept=".zip,application/zip"
            required
            aria-describedby="import-file-hint"
          />
          <p id="import-file-hint" className="field-hint">
            {t("keepsake.importHint")}
          </p>
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
