import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { ExistingStory, type ExistingStoryEditor } from "./existing-story";
import { NewStory, type NewStoryEditor } from "./new-story";
import type { FormResult } from "~/lib/submission";

type Props = {
  bookId: number;
  /** What the workspace's loader says the editor shows: a story, a new story, or no topic to put one in. */
  editor: ExistingStoryEditor | NewStoryEditor | { kind: "no-topic" };
  /** The story form's last failed post. */
  result: FormResult | null;
  /** The editor's first field takes the focus as the page loads (a deep link; useEditorAutoFocus). */
  autoFocus?: boolean;
};

/**
 * The story editor of the workspace: a new story (interview questions or a manual story) or an
 * existing one (edit or media files). Everything in it is links and forms, so it works without
 * JavaScript. A story needs a topic: without one the editor only says so.
 */
export function StoryEditor({ bookId, editor, result, autoFocus = false }: Props) {
  const t = useT();
  if (editor.kind === "no-topic") {
    return (
      <section className="card stack" aria-labelledby="editor-title">
        <h2 id="editor-title" tabIndex={-1}>
          {t("storyEditor.newTitle")}
        </h2>
        <p>{t("storyEditor.noTopic")}</p>
        <Link to={`/books/${bookId}`} className="button button-secondary">
          {t("storyEditor.cancel")}
        </Link>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="editor-title">
      <div>
        {/* tabIndex -1: where the focus goes back after the story is saved (useFocusRecovery). */}
        <h2 id="editor-title" tabIndex={-1}>
          {editor.kind === "edit" ? t("storyEditor.editTitle") : t("storyEditor.newTitle")}
        </h2>
        <p className="muted">{t("storyEditor.inTopic", { topic: editor.topic.title })}</p>
      </div>
      {editor.kind === "edit" ? (
        <ExistingStory bookId={bookId} editor={editor} result={result} autoFocus={autoFocus} />
      ) : (
        <NewStory bookId={bookId} editor={editor} result={result} autoFocus={autoFocus} />
      )}
    </section>
  );
}
