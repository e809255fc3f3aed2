import { Form, Link, useNavigation } from "react-router";
import { WrappingField } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { STORY_TITLE_MAX } from "~/lib/limits";
import { titleFromQuestion } from "~/lib/text";
import { StoryContent } from "./story-content";
import type { StoryVoice } from "./story-voice";
import { useT } from "~/i18n/use-t";

const loadStorySchema = () => import("~/lib/validation").then((forms) => forms.storySchema);

type Props = {
  topicId: number;
  /** An existing story: the one text the form shows (its refined text when it has one, else its content). */
  story: { id: number; title: string; text: string; refined: boolean; updatedAt?: Date | string | number } | null;
  question: string | null;
  questionId: number | null | undefined;
  /** The form's last failed post. */
  result: FormResult | null;
  /** A new story's form ends with a close link; an existing story has Done beside its tabs instead. */
  closeHref?: string;
  /** The title takes the focus as the page loads (a deep link to the editor). */
  autoFocus?: boolean;
  voice: StoryVoice;
};

/**
 * The story form: a plain form posting `story:save` to the workspace, so it works without
 * JavaScript. "Save draft" and "Complete" submit the same fields with a different status; an answer
 * to a question keeps its id. A story with refined text shows that text, with a note saying so.
 *
 * The content has two tabs: Text, and Recording (docs/product.md §2), whose `audio` file the form posts as
 * multipart. A saved story comes back as a new form (keyed by its last update): the text the server
 * wrote (a transcript appended to it) shows, and a recording already saved is not posted twice.
 */
export function StoryForm({
  topicId,
  story,
  question,
  questionId,
  result,
  closeHref,
  autoFocus = false,
  voice,
}: Props) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "story:save";
  const { formProps, errorOf, typed } = useConformForm({
    id: story ? `story-${story.id}` : `new-story-${topicId}`,
    schema: loadStorySchema,
    lastResult: result,
  });
  const content = typed("content") ?? story?.text ?? "";
  return (
    <div className="stack">
      {question ? (
        <p className="notice">
          <strong>{t("storyEditor.question")}:</strong> {question}
        </p>
      ) : null}
      <Form
        key={story?.updatedAt ? new Date(story.updatedAt).getTime() : "new"}
        method="post"
        encType="multipart/form-data"
        className="stack"
        preventScrollReset
        {...formProps}
      >
        <input type="hidden" name="intent" value="story:save" />
        <input type="hidden" name="topicId" value={topicId} />
        {story ? <input type="hidden" name="storyId" value={story.id} /> : null}
        {questionId ? <input type="hidden" name="questionId" value={questionId} /> : null}
        <WrappingField
          name="title"
          label={t("storyEditor.title")}
          aria-required
          maxLength={STORY_TITLE_MAX}
          // The question's first clause, in whole words, which the field shows whole however long; the whole question
          // is shown above the form.
          defaultValue={typed("title") ?? story?.title ?? (question ? titleFromQuestion(question) : "")}
          error={errorOf("title")}
          autoComplete="off"
          autoFocus={autoFocus}
        />
        <StoryContent
          topicId={topicId}
          question={question}
          content={content}
          refined={story?.refined ?? false}
          error={errorOf("content")}
          voice={voice}
        />
        {/* The card's bar of primary actions: in the workspace it stays at the bottom of the card (app.css). */}
        <div className="form-actions action-bar">
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
