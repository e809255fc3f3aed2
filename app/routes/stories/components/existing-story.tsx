import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { ComponentProps } from "react";
import { StoryForm } from "./story-form";
import type { StoryVoice } from "./story-voice";
import { StoryMediaTab, type StoryMediaItem } from "./story-media-tab";
import { StoryTabs } from "./story-tabs";
import { ToldBy } from "./told-by";
import type { FormResult } from "~/lib/submission";

/** An existing story's editor: the story as the form shows it, its topic, question and media. */
export type ExistingStoryEditor = {
  kind: "edit";
  topic: { id: number; title: string };
  question: string | null;
  story: NonNullable<ComponentProps<typeof StoryForm>["story"]> & {
    questionId: number | null;
    status: "draft" | "published";
    /** Who told it: the family, or the storyteller through her link (issue 18). */
    source: "family" | "storyteller";
    tellerName: string | null;
  };
  media: StoryMediaItem[];
  tab: "edit" | "media";
  deleting: StoryMediaItem | null;
  voice: StoryVoice;
};

type Props = {
  bookId: number;
  editor: ExistingStoryEditor;
  /** The story form's last failed post. */
  result: FormResult | null;
  /** The first field takes the focus as the page loads: the form's title, else the chosen tab. */
  autoFocus: boolean;
};

/**
 * An existing story (docs/product.md §2 Story panel): the Edit tab (its form) and the Media files tab (what is
 * stored for it), then Delete story (confirmed on the topic page) and Done, which closes the editor.
 */
export function ExistingStory({ bookId, editor, result, autoFocus }: Props) {
  const t = useT();
  const { story } = editor;
  return (
    <>
      {story.source === "storyteller" ? (
        <ToldBy
          tellerName={story.tellerName}
          draft={story.status === "draft"}
          waitsForTranscription={editor.media.some((item) => item.type === "audio" && item.transcription === null)}
        />
      ) : null}
      <StoryTabs
        name="story-tab"
        label={t("storyEditor.editTabs")}
        initial={editor.tab}
        autoFocus={autoFocus && editor.tab !== "edit"}
        tabs={[
          {
            id: "edit",
            label: t("storyEditor.tabEdit"),
            content: (
              <StoryForm
                topicId={editor.topic.id}
                voice={editor.voice}
                story={story}
                question={editor.question}
                questionId={story.questionId}
                result={result}
                autoFocus={autoFocus && editor.tab === "edit"}
              />
            ),
          },
          {
            id: "media",
            label: t("storyEditor.tabMedia"),
            content: (
              <StoryMediaTab bookId={bookId} storyId={story.id} media={editor.media} deleting={editor.deleting} />
            ),
          },
        ]}
      />
      <div className="form-actions story-actions">
        <Link
          to={`/books/${bookId}/topics/${editor.topic.id}?deleteStory=${story.id}`}
          className="button button-danger"
        >
          {t("storyEditor.delete")}
        </Link>
        <Link to={`/books/${bookId}`} className="button button-secondary" preventScrollReset>
          {t("storyEditor.done")}
        </Link>
      </div>
    </>
  );
}
