import { Suspense } from "react";
import { lazyWhenIdle } from "~/components/ui/lazy-when-idle";
import { useSearchParams } from "react-router";
import { useT } from "~/i18n/use-t";
import { QuestionPicker } from "./question-picker";
import { StoryForm } from "./story-form";
import type { StoryVoice } from "./story-voice";
import { StoryTabs } from "./story-tabs";
import type { FormResult } from "~/lib/submission";

// Opened by a link, seldom: its code waits until the page is idle.
const AddQuestionDialog = lazyWhenIdle(
  () => import("./add-question-dialog").then((module) => ({ default: module.AddQuestionDialog })),
  "reload",
);

/** A new story's editor: its topic, the question it answers if one was chosen, and the topic's open questions. */
export type NewStoryEditor = {
  kind: "new";
  topic: { id: number; title: string };
  question: { id: number; text: string } | null;
  openQuestions: { id: number; text: string }[];
  voice: StoryVoice;
};

type Props = {
  bookId: number;
  editor: NewStoryEditor;
  /** The story form's last failed post. */
  result: FormResult | null;
  /** The first field takes the focus as the page loads: the form's title, else the chosen tab. */
  autoFocus: boolean;
};

/**
 * A new story (docs/product.md §2 Story panel): answer one of the topic's interview questions, or write a
 * manual story. The form opens first when a question is chosen, when the form came back with
 * errors, or when no question is left to answer; otherwise the questions do.
 */
export function NewStory({ bookId, editor, result, autoFocus }: Props) {
  const t = useT();
  const [params] = useSearchParams();
  const adding = params.get("addQuestion") === "1";
  const editorHref = `/books/${bookId}?openEditor=story&topicId=${editor.topic.id}`;
  const here = editor.question ? `${editorHref}&questionId=${editor.question.id}` : editorHref;
  const formFirst = Boolean(editor.question) || Boolean(result?.error) || editor.openQuestions.length === 0;
  const initial = formFirst && !adding ? "manual" : "questions";
  return (
    <>
      <StoryTabs
        name="new-story-tab"
        label={t("storyEditor.newTabs")}
        initial={initial}
        autoFocus={autoFocus && initial === "questions"}
        tabs={[
          {
            id: "questions",
            label: t("storyEditor.tabQuestions"),
            content: (
              <QuestionPicker
                topic={editor.topic}
                questions={editor.openQuestions}
                answerHref={(questionId) => `${editorHref}&questionId=${questionId}`}
                addQuestionHref={`${here}&addQuestion=1`}
              />
            ),
          },
          {
            id: "manual",
            label: t("storyEditor.tabManual"),
            content: (
              <StoryForm
                topicId={editor.topic.id}
                voice={editor.voice}
                story={null}
                question={editor.question?.text ?? null}
                questionId={editor.question?.id}
                result={result}
                closeHref={`/books/${bookId}`}
                autoFocus={autoFocus && initial === "manual"}
              />
            ),
          },
        ]}
      />
      {/* After adding, the editor comes back without a chosen question, so the list shows the new one. */}
      {adding ? (
        <Suspense>
          <AddQuestionDialog bookId={bookId} topic={editor.topic} returnTo={editorHref} closeHref={here} />
        </Suspense>
      ) : null}
    </>
  );
}
