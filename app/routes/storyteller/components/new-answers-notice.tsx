import { EditorLink } from "~/components/ui/editor-link";
import { useT } from "~/i18n/use-t";
import type { NewAnswers } from "~/models/new-answers.types";

/**
 * "3 new answers from Bà Lan" (issue 18), on Home (every book, so each line names its book) and in the workspace:
 * each line opens the workspace on the earliest of those drafts, where the family finishes and completes it.
 */
export function NewAnswersNotice({ groups, showBook }: { groups: NewAnswers[]; showBook: boolean }) {
  const t = useT();
  if (groups.length === 0) return null;
  return (
    <section className="notice stack new-answers" aria-labelledby="new-answers-title">
      <h2 id="new-answers-title">{t("storyteller.newAnswersTitle")}</h2>
      <ul className="new-answers-list">
        {groups.map((group) => {
          const text = group.tellerName
            ? t("storyteller.newAnswers", { count: group.count, name: group.tellerName })
            : t("storyteller.newAnswersNoName", { count: group.count });
          return (
            <li key={`${group.bookId}:${group.tellerName}`}>
              <EditorLink to={`/books/${group.bookId}?storyId=${group.firstStoryId}`} className="new-answers-link">
                {showBook ? `${group.bookTitle}: ${text}` : text}
              </EditorLink>
            </li>
          );
        })}
      </ul>
      <p className="field-hint">{t("storyteller.newAnswersHint")}</p>
    </section>
  );
}
