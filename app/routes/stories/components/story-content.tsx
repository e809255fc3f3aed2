import { Suspense } from "react";
import { lazyWhenIdle } from "~/components/ui/lazy-when-idle";
import { RecordingField } from "~/components/recorder/recording-field";
import type { MessageKey } from "~/i18n/types";
import { useT } from "~/i18n/use-t";
import { StoryTabs } from "./story-tabs";
import type { StoryVoice } from "./story-voice";

// Helpers that only show once the page has hydrated: their code waits until the page is idle.
const DictateButton = lazyWhenIdle(
  () => import("./dictate-button").then((module) => ({ default: module.DictateButton })),
  "nothing",
);
const WritingHelp = lazyWhenIdle(
  () => import("./writing-help").then((module) => ({ default: module.WritingHelp })),
  "nothing",
);

// No element has this id: see the tabs below.
const DETACHED = "story-content-tabs-detached";

type Props = {
  topicId: number;
  question: string | null;
  /** The text the form starts with. */
  content: string;
  refined: boolean;
  error?: MessageKey;
  voice: StoryVoice;
};

/**
 * The story form's content (docs/product.md §2 "Text tab and recording tab for content"): the text with its
 * writing help, and the recording, whose `audio` file input belongs to the story form.
 */
export function StoryContent({ topicId, question, content, refined, error, voice }: Props) {
  const t = useT();
  const text = (
    <div className="field">
      <label htmlFor="content">{t("storyEditor.content")}</label>
      <textarea
        id="content"
        name="content"
        rows={12}
        className="story-text"
        defaultValue={content}
        aria-describedby={error ? "content-hint content-error" : "content-hint"}
        aria-invalid={error ? true : undefined}
      />
      <p id="content-hint" className="field-hint">
        {refined ? t("storyEditor.refinedNote") : t("storyEditor.contentHint")}
      </p>
      {error ? (
        <p id="content-error" className="field-error">
          {t(error)}
        </p>
      ) : null}
      <Suspense>
        <DictateButton textareaId="content" language={voice.language} />
        <WritingHelp topicId={topicId} question={question} />
      </Suspense>
    </div>
  );
  return (
    <div className="content-tabs">
      <StoryTabs
        name="story-content-tab"
        label={t("recorder.tabs")}
        initial="text"
        // Which tab is open is page state, not story data: the radios are detached from the story form
        // around them (no form has this id), so they are never posted with the story.
        form={DETACHED}
        tabs={[
          { id: "text", label: t("recorder.tabText"), content: text },
          {
            id: "recording",
            label: t("recorder.tabRecording"),
            content: <RecordingField transcribes={voice.transcribes} />,
          },
        ]}
      />
    </div>
  );
}
