import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";

const loadImportFormSchema = () => import("~/lib/validation").then((forms) => forms.importFormSchema);

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
  const { formProps, errorOf } = useConformForm({ id: "import-form", schema: loadImportFormSchema });
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
        <Field
          name="file"
          idPrefix="import-"
          type="file"
          label={t("keepsake.importLabel")}
          accept=".zip,application/zip"
          hint={t("keepsake.importHint")}
          error={errorOf("file")}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t("keepsake.importing") : t("keepsake.importSubmit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
