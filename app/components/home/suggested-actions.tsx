import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
/** An unanswered question of one of the user's books, one tap from its answer. */
type SuggestedAction = {
  bookId: number;
  bookTitle: string;
  topicId: number;
  topicTitle: string;
  questionId: number;
  questionContent: string;
};

/** The book's page with the story editor open on the question. */
const answerHref = (action: SuggestedAction) =>
  `/books/${action.bookId}?openEditor=story&topicId=${action.topicId}&questionId=${action.questionId}`;

/** 'Continue your story': the next unanswered questions, each with an Answer link to its editor. */
export function SuggestedActions({ actions }: { actions: SuggestedAction[] }) {
  const t = useT();
  return (
    <section aria-labelledby="continue-title">
      <h2 id="continue-title">{t("home.continueTitle")}</h2>
      {actions.length === 0 ? (
        <p className="card">
          {t("home.allAnswered")} <Link to="/books">{t("home.openLibrary")}</Link>
        </p>
      ) : (
        <ul className="action-list">
          {actions.map((action) => (
            <li key={action.questionId} className="card action-card">
              <p className="action-context">
                {action.bookTitle} · {action.topicTitle}
              </p>
              <p className="action-question">{action.questionContent}</p>
              <Link
                className="button button-primary"
                to={answerHref(action)}
                aria-label={t("home.answerLabel", { question: action.questionContent })}
              >
                {t("home.answer")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
