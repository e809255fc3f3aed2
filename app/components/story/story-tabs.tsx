import type { ReactNode } from "react";

export type StoryTab = { id: string; label: string; content: ReactNode };

/**
 * Tabs made of radio buttons and switched by CSS (like the cover picker), so they work without
 * JavaScript and keep what was typed in a hidden tab. Screen readers hear a labelled group of
 * choices; arrow keys move between them natively. The radios sit outside any form, so they are never posted.
 */
export function StoryTabs({ name, label, tabs, initial }: { name: string; label: string; tabs: StoryTab[]; initial: string }) {
  return (
    <div className="story-tabs">
      <div className="story-tab-list" role="radiogroup" aria-label={label}>
        {tabs.map((tab) => (
          <label key={tab.id} className="story-tab">
            <input type="radio" name={name} value={tab.id} defaultChecked={tab.id === initial} />
            {tab.label}
          </label>
        ))}
      </div>
      <div className="story-panels">
        {tabs.map((tab) => (
          <div key={tab.id} className="story-panel" role="group" aria-label={tab.label} data-tab={tab.id}>
            {tab.content}
          </div>
        ))}
      </div>
    </div>
  );
}
