import { Suspense, useState, type FormEvent } from "react";
import { lazyWhenIdle } from "~/components/ui/lazy-when-idle";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { useT } from "~/i18n/use-t";
import type { SuggestionBook } from "./suggest-description";
import { TopicPreviewField } from "./topic-preview-field";
import { TopicTabs } from "./topic-tabs";

const loadTopicFormSchema = () => import("~/lib/validation").then((forms) => forms.topicFormSchema);

// Shown once the page has hydrated: its code waits until the page is idle.
const SuggestDescription = lazyWhenIdle(
  () => import("./suggest-description").then((module) => ({ default: module.SuggestDescription })),
  "nothing",
);

type Props = {
  bookId: number;
  book: SuggestionBook;
  /** What the workspace's loader says the editor shows: a new topic, one of the book's, or none found. */
  editor:
    | { kind: "new" }
    | { kind: "missing" }
    | {
        kind: "edit";
        topic: { id: number; title: string; description: string; preview: string; archived: boolean };
        confirmDelete: boolean;
        offlineAi: boolean;
      };
  /** The form's last failed post. */
  result: FormResult | null;
  /** The title takes the focus as the page loads (a deep link to the editor). */
  autoFocus?: boolean;
};

/**
 * The workspace's topic editor: a new topic's title and description (with "Suggest description"),
 * or an existing one's in two tabs, Details and Preview (its auto-saved draft narrative), both inside
 * the one form so Save topic stores all three; archive or restore; delete after a confirmation that
 * names the topic.
 */
export function TopicEditor({ bookId, book, editor, result, autoFocus = false }: Props) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const editing = editor.kind === "edit" ? editor.topic.id : null;
  const { formProps, errorOf, typed } = useConformForm({
    id: editing ? `topic-${editing}` : "new-topic",
    schema: loadTopicFormSchema,
    lastResult: result,
  });
  // Each try to save: an error on a hidden tab opens that tab again (TopicTabs).
  const [attempt, setAttempt] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    setAttempt((n) => n + 1);
  };
  const bookHref = `/books/${bookId}`;
  if (editor.kind === "missing") {
    return (
      <section className="card stack" aria-labelledby="topic-editor-title">
        <h2 id="topic-editor-title" tabIndex={-1}>
          {t("topics.loadFailed")}
        </h2>
        <p>{t("topics.notFound")}</p>
        <Link to={bookHref} className="button button-secondary">
          {t("storyEditor.done")}
        </Link>
      </section>
    );
  }
  const topic = editor.kind === "edit" ? editor.topic : null;
  const here = topic ? `${bookHref}?openEditor=topic&topicId=${topic.id}` : `${bookHref}?openEditor=topic`;
  const details = (
    <>
      <Field
        name="title"
        label={t("topicEditor.title")}
        aria-required
        maxLength={200}
        defaultValue={typed("title") ?? topic?.title ?? ""}
        error={errorOf("title")}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      <div className="field">
        <label htmlFor="topic-description">{t("topicEditor.description")}</label>
        <textarea
          id="topic-description"
          name="description"
          rows={3}
          maxLength={5000}
          defaultValue={typed("description") ?? topic?.description ?? ""}
        />
        {topic ? null : (
          <Suspense>
            <SuggestDescription book={book} titleName="title" descriptionName="description" />
          </Suspense>
        )}
      </div>
    </>
  );
  return (
    <section className="card stack" aria-labelledby="topic-editor-title">
      {/* tabIndex -1: where the focus goes back after the topic is saved (useFocusRecovery). */}
      <h2 id="topic-editor-title" tabIndex={-1}>
        {topic ? t("topicEditor.editTitle") : t("topicEditor.newTitle")}
      </h2>
      <Form method="post" action={here} className="stack" preventScrollReset {...formProps} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="topic:save" />
        {topic ? <input type="hidden" name="topicId" value={topic.id} /> : null}
        {topic ? (
          <TopicTabs
            tab={typed("topicTab") === "preview" && !errorOf("title") ? "preview" : "details"}
            invalid={errorOf("title") ? { tab: "details", attempt } : null}
            details={details}
            preview={
              <TopicPreviewField
                topicId={topic.id}
                topicTitle={topic.title}
                offlineAi={editor.kind === "edit" && editor.offlineAi}
                defaultValue={typed("preview") ?? topic.preview}
                saved={topic.preview}
              />
            }
          />
        ) : (
          details
        )}
        <div className="form-actions action-bar">
          <Link to={bookHref} className="button button-secondary" preventScrollReset>
            {t("topicEditor.cancel")}
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("topicEditor.save")}
          </button>
        </div>
      </Form>
      {topic ? (
        <div className="form-actions">
          <Form method="post" action={`${bookHref}/toc`} preventScrollReset>
            <input type="hidden" name="intent" value="archive-topic" />
            <input type="hidden" name="topicId" value={topic.id} />
            <input type="hidden" name="archived" value={topic.archived ? "false" : "true"} />
            <button type="submit" className="button button-secondary" disabled={busy}>
              {topic.archived ? t("topicEditor.unarchive") : t("topicEditor.archive")}
            </button>
          </Form>
          {topic.preview?.trim() ? null : (
            // No draft yet: make one from the topic's stories, then come back here (docs/product.md §2).
            <Form method="post" action={`${bookHref}/preview`} preventScrollReset>
              <input type="hidden" name="intent" value="topic" />
              <input type="hidden" name="topicId" value={topic.id} />
              <input type="hidden" name="returnTo" value={here} />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t("preview.generate")}
              </button>
            </Form>
          )}
          <Link to={`${here}&confirmDelete=1`} className="button button-danger" preventScrollReset>
            {t("topicEditor.delete")}
          </Link>
        </div>
      ) : null}
      {topic && editor.kind === "edit" && editor.confirmDelete ? (
        <ConfirmDialog
          title={t("topicEditor.confirmDeleteTitle", { title: topic.title })}
          warning={t("topicEditor.confirmDeleteText")}
          fields={{}}
          confirmLabel={t("topicEditor.delete")}
          cancelLabel={t("topicEditor.cancel")}
          closeHref={here}
          action={`${bookHref}/topics/${topic.id}/delete`}
        />
      ) : null}
    </section>
  );
}
