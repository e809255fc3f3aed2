import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import type { MessageKey } from "~/i18n/types";
import { WritingHelp } from "./writing-help";
import { useT } from "~/i18n/use-t";

type Props = {
  topicId: number;
  story: { id: number; title: string; content: string; refinedContent: string | null } | null;
  question: string | null;
  questionId: number | null | undefined;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** A new story's form ends with a close link; an existing story has Done beside its tabs instead. */
  closeHref?: string;
};

/**
 * The story form: a plain form posting `story:save` to the workspace, so it works without
 * JavaScript. "Save draft" and "Complete" submit the same fields with a different status; an answer
 * to a question keeps its id. A story with refined text shows that text, with a note saying so.
 */
export function StoryForm({ topicId, story, question, questionId, errors, values, closeHref }: Props) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "story:save";
  const error = (name: string) => errors[name] as MessageKey | undefined;
  const content = values.content ?? (story ? story.refinedContent || story.content : "");
  return (
    <div className="stack">
      {question ? (
        <p className="notice">
          <strong>{t("storyEditor.question")}:</strong> {question}
        </p>
      ) : null}
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="story:save" />
        <input type="hidden" name="topicId" value={topicId} />
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
          <WritingHelp topicId={topicId} question={question} />
        </div>
        <div className="form-actions">
          {closeHref ? (
            <Link to={closeHref} className="button button-secondary" preventScrollReset>
              {t("storyEditor.cancel")}
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
    </div>
  );
}
