import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import { useT } from "~/i18n/use-t";

type Props = {
  topic: { id: number; title: string };
  questions: { id: number; text: string }[];
  answerHref: (questionId: number) => string;
  addQuestionHref: string;
};

/**
 * The interview-questions tab of a new story: the topic's unanswered questions, each a link that
 * opens the answer form for it, and a link that opens the add-a-custom-question dialog.
 */
export function QuestionPicker({ topic, questions, answerHref, addQuestionHref }: Props) {
  const t = useT();
  return (
    <div className="stack">
      {questions.length > 0 ? (
        <>
          <p className="muted">{t("storyEditor.questionsIntro")}</p>
          <ul className="question-list" aria-label={t("storyEditor.openQuestions", { topic: topic.title })}>
            {questions.map((question) => (
              <li key={question.id}>
                <EditorLink to={answerHref(question.id)} className="question-link">
                  {question.text}
                </EditorLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty-state">{t("storyEditor.noOpenQuestions")}</p>
      )}
      <p>
        <Link to={addQuestionHref} className="button button-secondary" preventScrollReset>
          {t("storyEditor.addCustomQuestion")}
        </Link>
      </p>
    </div>
  );
}
