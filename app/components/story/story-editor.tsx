import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import type { MessageKey } from "~/i18n/types";
import { useT } from "~/i18n/use-t";
import type { StoryEditorData } from "~/lib/story-editor.server";

type Props = {
  bookId: number;
  editor: NonNullable<StoryEditorData>;
  errors: Record<string, string>;
  values: Record<string, string>;
};

/**
 * The story editor of the workspace: a plain form, so it works without JavaScript. "Save draft" and
 * "Complete" submit the same fields with a different status; an answer to a question keeps its id.
 */
export function StoryEditor({ bookId, editor, errors, values }: Props) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "story:save";
  const closeHref = `/books/${bookId}`;
  if (editor.kind === "no-topic") {
    return (
      <section className="card stack" aria-labelledby="editor-title">
        <h2 id="editor-title">{t("storyEditor.newTitle")}</h2>
        <p>{t("storyEditor.noTopic")}</p>
        <Link to={closeHref} className="button button-secondary">
          {t("storyEditor.cancel")}
        </Link>
      </section>
    );
  }
  const story = editor.kind === "edit" ? editor.story : null;
  const question = editor.kind === "edit" ? editor.question : (editor.question?.text ?? null);
  const questionId = editor.kind === "edit" ? story?.questionId : editor.question?.id;
  const error = (name: string) => errors[name] as MessageKey | undefined;
  const content = values.content ?? (story ? story.refinedContent || story.content : "");
  return (
    <section className="card stack" aria-labelledby="editor-title">
      <div>
        <h2 id="editor-title">{story ? t("storyEditor.editTitle") : t("storyEditor.newTitle")}</h2>
        <p className="muted">{t("storyEditor.inTopic", { topic: editor.topic.title })}</p>
      </div>
      {question ? (
        <p className="notice">
          <strong>{t("storyEditor.question")}:</strong> {question}
        </p>
      ) : null}
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="story:save" />
        <input type="hidden" name="topicId" value={editor.topic.id} />
        {story ? <input type="hidden" name="storyId" value={story.id} /> : null}
        {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
        <Field name="title" label={t("storyEditor.title")} required maxLength={300} defaultValue={values.title ?? story?.title ?? question ?? ""} error={error("title")} autoComplete="off" />
        <div className="field">
          <label htmlFor="content">{t("storyEditor.content")}</label>
          <textarea
            id="content"
            name="content"
            rows={12}
            className="story-text"
            defaultValue={content}
            aria-describedby={error("content") ? "content-hint content-error" : "content-hint"}
            aria-invalid={error("content") ? true : undefined}
          />
          <p id="content-hint" className="field-hint">
            {story?.refinedContent ? t("storyEditor.refinedNote") : t("storyEditor.contentHint")}
          </p>
          {error("content") ? (
            <p id="content-error" className="field-error">
              {t(error("content")!)}
            </p>
          ) : null}
        </div>
        <div className="form-actions">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("storyEditor.cancel")}
          </Link>
          {story ? (
            <Link to={`/books/${bookId}/topics/${editor.topic.id}?deleteStory=${story.id}`} className="button button-danger">
              {t("storyEditor.delete")}
            </Link>
          ) : null}
          <button type="submit" name="status" value="draft" className="button button-secondary" disabled={busy}>
            {t("storyEditor.saveDraft")}
          </button>
          <button type="submit" name="status" value="published" className="button button-primary" disabled={busy}>
            {t("storyEditor.complete")}
          </button>
        </div>
      </Form>
    </section>
  );
}
