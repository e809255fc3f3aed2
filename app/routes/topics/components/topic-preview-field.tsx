import { Suspense, useEffect, useRef, useState } from "react";
import { lazyWhenIdle } from "~/components/ui/lazy-when-idle";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";
import type { AutosaveStatus } from "~/routes/topics/autosave";
import { showToast } from "~/lib/client-toast";
import type { DraftAccess } from "./ai-draft";
import { TopicImagesPopover } from "./topic-images-popover";
import { useAutosave } from "./use-autosave";

// The AI helpers only show once the page has hydrated: their code waits until the page is idle.
const RefinePopover = lazyWhenIdle(
  () => import("./refine-popover").then((module) => ({ default: module.RefinePopover })),
  "nothing",
);
const ImprovementsPopover = lazyWhenIdle(
  () => import("./improvements-popover").then((module) => ({ default: module.ImprovementsPopover })),
  "nothing",
);

type Props = { topicId: number; topicTitle: string; offlineAi: boolean; defaultValue: string; saved: string };

const STATUS_TEXT: Record<AutosaveStatus, MessageKey | null> = {
  idle: null,
  saving: "topicEditor.autosaving",
  saved: "topicEditor.autosaved",
  failed: "topicEditor.autosaveFailed",
};

/** PUT /api/topics/{id} { preview }: an empty draft is stored as none, as the Save topic form does. */
async function savePreview(topicId: number, value: string, keepalive: boolean): Promise<void> {
  const response = await fetch(`/api/topics/${topicId}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ preview: value.trim() ? value : null }),
    keepalive,
  });
  if (!response.ok) throw new Error(`preview update failed: ${response.status}`);
}

function reportFailure() {
  showToast({ kind: "error", title: "errors.title", description: "topicEditor.previewSaveFailed" });
}

/**
 * The topic's draft narrative. It is a plain field of the topic form, so Save topic stores it even
 * without JavaScript; with JavaScript it also saves itself a second after the last keystroke and
 * says so in a polite live region. The typed text is never replaced, even when a save fails.
 * After hydration, "Refine with AI" and "Content suggestions" sit below it (they need JavaScript);
 * what they put into the text is saved the same way.
 */
export function TopicPreviewField({ topicId, topicTitle, offlineAi, defaultValue, saved }: Props) {
  const t = useT();
  const { status, change } = useAutosave({
    saved,
    save: (value, { keepalive }) => savePreview(topicId, value, keepalive),
    onError: reportFailure,
  });
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [locked, setLocked] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [aiStatus, setAiStatus] = useState("");
  useEffect(() => setHydrated(true), []);
  const text = STATUS_TEXT[status];
  const draft: DraftAccess = {
    read: () => textarea.current?.value ?? "",
    write: (value) => {
      if (!textarea.current) return;
      textarea.current.value = value;
      change(value);
    },
    lock: setLocked,
    focus: () => textarea.current?.focus(),
  };
  return (
    <div className="field">
      <label htmlFor="topic-preview">{t("topicEditor.preview")}</label>
      <textarea
        ref={textarea}
        id="topic-preview"
        name="preview"
        className="topic-preview-text"
        defaultValue={defaultValue}
        readOnly={locked}
        aria-busy={locked || undefined}
        aria-describedby="topic-preview-hint"
        onChange={(event) => {
          setAiStatus("");
          change(event.currentTarget.value);
        }}
      />
      <p id="topic-preview-hint" className="field-hint">
        {t("topicEditor.previewHint")}
      </p>
      <div className="ai-tools">
        {hydrated ? (
          <Suspense>
            <RefinePopover topicId={topicId} offlineAi={offlineAi} draft={draft} announce={setAiStatus} />
            <ImprovementsPopover topicId={topicId} topicTitle={topicTitle} draft={draft} />
          </Suspense>
        ) : null}
        <TopicImagesPopover />
      </div>
      {/* Always rendered, so screen readers know the regions before their text changes. */}
      <p className="field-hint ai-status" role="status">
        {aiStatus}
      </p>
      <p className={`autosave-status is-${status}`} role="status">
        {text ? t(text) : null}
      </p>
    </div>
  );
}
