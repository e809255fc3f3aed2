import type { FormEvent, ReactNode } from "react";
import { useT } from "~/i18n/use-t";

type Tab = "details" | "preview";

/**
 * The existing topic's two tabs, Details and Preview. They are radio buttons switched by CSS (as the
 * cover picker's), so they work without JavaScript, arrow keys move between them, and both panels
 * stay in the form: a hidden panel's fields are still submitted by Save topic.
 */
export function TopicTabs({ tab, details, preview }: { tab: Tab; details: ReactNode; preview: ReactNode }) {
  const t = useT();
  // The browser cannot point at an invalid field on a hidden tab (an empty title while Preview is
  // shown), so the tab holding it is opened first.
  function showInvalidField(event: FormEvent<HTMLDivElement>) {
    const panel = (event.target as HTMLElement).closest<HTMLElement>("[data-tab]");
    const radio = event.currentTarget.querySelector<HTMLInputElement>(
      `input[name="topicTab"][value="${panel?.dataset.tab}"]`,
    );
    if (radio) radio.checked = true;
  }
  return (
    <div className="topic-tabs stack" onInvalidCapture={showInvalidField}>
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
