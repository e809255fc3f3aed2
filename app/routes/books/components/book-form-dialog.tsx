import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { SUPPORTED_LANGUAGES, type Locale } from "~/i18n/config";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { TONE_PRESETS } from "~/routes/books/tones";
import { CoverPicker } from "./cover-picker";

const loadBookSchema = () => import("~/lib/validation").then((forms) => forms.bookSchema);

export type EditableBook = {
  id: number;
  title: string;
  description: string;
  tone: string;
  language: Locale;
  coverImage: string | null;
};

/** Create or edit a book. The dialog is URL state, so it opens fresh (empty, in the UI language) each time. */
export function BookFormDialog({
  book,
  locale,
  closeHref,
  result,
}: {
  book?: EditableBook;
  locale: Locale;
  closeHref: string;
  result: FormResult | null;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { formProps, errorOf, typed } = useConformForm({
    id: book ? `edit-book-${book.id}` : "create-book",
    schema: loadBookSchema,
    lastResult: result,
  });
  const value = (name: "title" | "description" | "tone") => typed(name) ?? book?.[name] ?? "";
  const language = typed("language") ?? book?.language ?? locale;
  return (
    <Dialog title={book ? t("books.editTitle") : t("books.createTitle")} closeHref={closeHref}>
      <Form method="post" encType="multipart/form-data" className="stack" preventScrollReset {...formProps}>
        <input type="hidden" name="intent" value={book ? "update-book" : "create-book"} />
        {book ? <input type="hidden" name="bookId" value={book.id} /> : null}
        <Field
          name="title"
          label={t("books.fieldTitle")}
          aria-required
          maxLength={200}
          defaultValue={value("title")}
          error={errorOf("title")}
          autoComplete="off"
        />
        <div className="field">
          <label htmlFor="description">{t("books.fieldDescription")}</label>
          <textarea id="description" name="description" rows={3} maxLength={5000} defaultValue={value("description")} />
        </div>
        <Field
          name="tone"
          label={t("books.fieldTone")}
          list="tone-presets"
          maxLength={128}
          defaultValue={value("tone")}
          hint={t("books.toneHint")}
          error={errorOf("tone")}
          autoComplete="off"
        />
        <datalist id="tone-presets">
          {TONE_PRESETS.map((tone) => (
            <option key={tone} value={t(`tones.${tone}`)} />
          ))}
        </datalist>
        <div className="field">
          <label htmlFor="language">{t("books.fieldLanguage")}</label>
          <select id="language" name="language" defaultValue={language}>
            {SUPPORTED_LANGUAGES.map((lng) => (
              <option key={lng} value={lng}>
                {t(`languages.${lng}`)}
              </option>
            ))}
          </select>
        </div>
        <CoverPicker current={book?.coverImage ?? null} error={errorOf("coverFile")} />
        <div className="form-actions">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("books.cancel")}
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {book ? t("books.save") : t("books.create")}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
