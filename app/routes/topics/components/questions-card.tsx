import { Form, useNavigation } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { useT } from "~/i18n/use-t";
import { Field } from "~/components/ui/field";

const loadQuestionSchema = () => import("~/lib/validation").then((forms) => forms.questionSchema);

/**
 * The interview questions of a topic: unanswered ones open the story editor for them, answered ones
 * are listed below, dimmed; generate or regenerate, and add one of your own.
 */
export function QuestionsCard({
  topic,
  questions,
  result,
  returnTo,
}: {
  topic: { id: number; bookId: number };
  questions: { id: number; question: string; answered: boolean }[];
  /** The add-question form's last failed post. */
  result: FormResult | null;
  /**
   * Where a question came from when it failed here (the workspace dialog without JavaScript): the retry goes back
   * there.
   */
  returnTo?: string | null;
}) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "regenerate-questions";
  const open = questions.filter((q) => !q.answered);
  const answered = questions.filter((q) => q.answered);
  const { formProps, errorOf } = useConformForm({ id: "add-question", schema: loadQuestionSchema, lastResult: result });
  const answerHref = (id: number) => `/books/${topic.bookId}?openEditor=story&topicId=${topic.id}&questionId=${id}`;
  return (
    <section className="card stack" aria-labelledby="questions-title">
      <div className="section-header">
        <h2 id="questions-title">{t("topicPage.questionsTitle")}</h2>
        <Form method="post" preventScrollReset>
          <button
            type="submit"
            name="intent"
            value="regenerate-questions"
            className="button button-secondary"
            disabled={busy}
          >
            {questions.length === 0 ? t("topicPage.generate") : t("topicPage.regenerate")}
          </button>
        </Form>
      </div>
      {questions.length === 0 ? <p className="muted">{t("topicPage.noQuestions")}</p> : null}
      {questions.length > 0 && open.length === 0 ? <p>{t("topicPage.allAnswered")}</p> : null}
      {open.length > 0 ? (
        <ul className="question-list">
          {open.map((q) => (
            <li key={q.id}>
              <EditorLink to={answerHref(q.id)} className="question-link">
                {q.question}
              </EditorLink>
            </li>
          ))}
        </ul>
      ) : null}
      {answered.length > 0 ? (
        <>
          <h3>{t("topicPage.answeredTitle")}</h3>
          <ul className="question-list is-answered">
            {answered.map((q) => (
              <li key={q.id}>{q.question}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Form method="post" className="inline-form" preventScrollReset {...formProps}>
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <Field
          name="question"
          className="grow"
          label={t("topicPage.addQuestion")}
          maxLength={1000}
          aria-required
          error={errorOf("question")}
        />
        <button type="submit" name="intent" value="add-question" className="button button-secondary">
          {t("topicPage.add")}
        </button>
      </Form>
    </section>
  );
}
