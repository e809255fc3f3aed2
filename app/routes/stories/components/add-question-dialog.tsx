import { Link, useFetcher } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import { type ActionResult, resultOf } from "~/lib/action-result";
import { useT } from "~/i18n/use-t";

const loadQuestionSchema = () => import("~/lib/validation").then((forms) => forms.questionSchema);

type Props = {
  bookId: number;
  topic: { id: number; title: string };
  /** Where the form comes back to once the question is added: the editor's questions tab. */
  returnTo: string;
  /** The editor as it was before the dialog opened. */
  closeHref: string;
};

/**
 * The add-a-custom-question dialog (URL state, so it opens without JavaScript). It posts to the
 * topic page's own `add-question` action, which redirects back to the editor with a toast. With
 * JavaScript a fetcher posts it, so a blank question is reported beside the field, in the dialog;
 * without, the topic page shows the error and its form keeps the way back.
 */
export function AddQuestionDialog({ bookId, topic, returnTo, closeHref }: Props) {
  const t = useT();
  const fetcher = useFetcher<ActionResult>();
  // conform focuses the field when the server refuses it, so a screen reader reads the error tied to it.
  const { formProps, errorOf } = useConformForm({
    id: "custom-question-form",
    schema: loadQuestionSchema,
    lastResult: resultOf(fetcher.data, "question"),
  });

  return (
    <Dialog title={t("storyEditor.addCustomQuestion")} closeHref={closeHref}>
      <fetcher.Form
        method="post"
        action={`/books/${bookId}/topics/${topic.id}`}
        className="stack"
        preventScrollReset
        {...formProps}
      >
        <input type="hidden" name="intent" value="add-question" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <Field
          name="question"
          idPrefix="custom-"
          label={t("storyEditor.customQuestionLabel")}
          hint={t("storyEditor.customQuestionHint", { topic: topic.title })}
          error={errorOf("question")}
          aria-required
          maxLength={1000}
          autoComplete="off"
        />
        <div className="form-actions">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("common.cancel")}
          </Link>
          <button type="submit" className="button button-primary" disabled={fetcher.state !== "idle"}>
            {t("storyEditor.customQuestionSubmit")}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
