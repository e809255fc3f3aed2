import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import { EditorLink } from "~/components/ui/editor-link";
import type { SuggestedAction } from "~/models/question.types";

/** The book's page with the story editor open on the question. */
const answerHref = (action: SuggestedAction) =>
  `/books/${action.bookId}?openEditor=story&topicId=${action.topicId}&questionId=${action.questionId}`;

/** What the section says when there is no open question: every question answered, or how to get some. */
export type NoOpenQuestion =
  | { kind: "all-answered" }
  | {
      kind: "no-questions";
      /** The most recently worked-on book, whose topics can be suggested with their questions. */
      book: { id: number; title: string };
      /** The first topic without questions, whose page offers "Generate questions". */
      topic: { bookId: number; topicId: number; topicTitle: string } | null;
    };

/** 'Continue your story': the next unanswered questions, each with an Answer link to its editor. */
export function SuggestedActions({ actions, empty }: { actions: SuggestedAction[]; empty: NoOpenQuestion }) {
  const t = useT();
  return (
    <section aria-labelledby="continue-title">
      <h2 id="continue-title">{t("home.continueTitle")}</h2>
      {actions.length > 0 ? (
        <ul className="action-list">
          {actions.map((action) => (
            <li key={action.questionId} className="card action-card">
              <p className="action-context">
                {action.bookTitle} · {action.topicTitle}
              </p>
              <p className="action-question">{action.questionContent}</p>
              <EditorLink
                className="button button-primary"
                to={answerHref(action)}
                aria-label={t("home.answerLabel", { question: action.questionContent })}
              >
                {t("home.answer")}
              </EditorLink>
            </li>
          ))}
        </ul>
      ) : (
        <NoOpenQuestions empty={empty} />
      )}
    </section>
  );
}

/** No question to answer: all are answered (the library is one tap away), or there are none yet. */
function NoOpenQuestions({ empty }: { empty: NoOpenQuestion }) {
  const t = useT();
  if (empty.kind === "no-questions") return <NoQuestionsYet book={empty.book} topic={empty.topic} />;
  return (
    <p className="card">
      {t("home.allAnswered")} <Link to="/books">{t("home.openLibrary")}</Link>
    </p>
  );
}

/** Books without questions: a topic without them opens where "Generate questions" is, else topics are suggested. */
function NoQuestionsYet({ book, topic }: Omit<Extract<NoOpenQuestion, { kind: "no-questions" }>, "kind">) {
  const t = useT();
  return (
    <div className="card stack no-questions">
      <p>{t("home.noQuestions")}</p>
      {topic ? (
        <>
          <p>{t("home.noQuestionsGenerate", { topic: topic.topicTitle })}</p>
          <Link className="button button-primary" to={`/books/${topic.bookId}/topics/${topic.topicId}`}>
            {t("home.openTopic")}
          </Link>
        </>
      ) : (
        <>
          <p>{t("home.noQuestionsSuggest", { book: book.title })}</p>
          <Link className="button button-primary" to={`/books/${book.id}/suggest-topics`}>
            {t("home.suggestTopics")}
          </Link>
        </>
      )}
    </div>
  );
}
