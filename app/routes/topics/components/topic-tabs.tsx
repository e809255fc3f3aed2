import { useEffect, useRef, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";

type Tab = "details" | "preview";

/**
 * The existing topic's two tabs, Details and Preview. They are radio buttons switched by CSS (as the
 * cover picker's), so they work without JavaScript, arrow keys move between them, and both panels
 * stay in the form: a hidden panel's fields are still submitted by Save topic.
 */
export function TopicTabs({
  tab,
  details,
  preview,
  invalid,
}: {
  tab: Tab;
  details: ReactNode;
  preview: ReactNode;
  /** The tab holding an invalid field after a save was tried (`attempt` counts the tries), or null. */
  invalid: { tab: Tab; attempt: number } | null;
}) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  // Nothing can point at an invalid field on a hidden tab (an empty title while Preview is shown): the tab
  // holding it is opened, and the field gets the focus conform could not give it.
  const invalidTab = invalid?.tab;
  const attempt = invalid?.attempt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a second try with the same error must open the tab again
  useEffect(() => {
    if (!invalidTab || !root.current) return;
    const radio = root.current.querySelector<HTMLInputElement>(`input[name="topicTab"][value="${invalidTab}"]`);
    if (radio) radio.checked = true;
    root.current.querySelector<HTMLElement>(`[data-tab="${invalidTab}"] [aria-invalid="true"]`)?.focus();
  }, [invalidTab, attempt]);
  return (
    <div className="topic-tabs stack" ref={root}>
      <div className="topic-tab-bar" role="radiogroup" aria-label={t("topicEditor.sections")}>
        <label className="topic-tab">
          <input type="radio" name="topicTab" value="details" defaultChecked={tab === "details"} />
          {t("topicEditor.details")}
        </label>
        <label className="topic-tab">
          <input type="radio" name="topicTab" value="preview" defaultChecked={tab === "preview"} />
          {t("topicEditor.previewTab")}
        </label>
      </div>
      <div className="topic-tab-panel stack" data-tab="details">
        {details}
      </div>
      <div className="topic-tab-panel" data-tab="preview">
        {preview}
      </div>
    </div>
  );
}
