import type { ReactNode } from "react";

export type StoryTab = { id: string; label: string; content: ReactNode };

type Props = {
  name: string;
  label: string;
  tabs: StoryTab[];
  initial: string;
  /**
   * For tabs inside a form: the id of a form that does not exist, which leaves the radios with no form
   * owner (HTML's form-owner rules), exactly as if they stood outside every form.
   */
  form?: string;
  /** The chosen tab takes the focus as the page loads (a deep link to the editor). */
  autoFocus?: boolean;
};

/**
 * Tabs made of radio buttons and switched by CSS (like the cover picker), so they work without
 * JavaScript and keep what was typed in a hidden tab. Screen readers hear a labelled group of
 * choices; arrow keys move between them natively. The radios sit outside any form (or are detached from
 * the one around them, see `form`), so they are never posted. Tabs may nest: the CSS only looks at a
 * tab set's own radios and panels.
 */
export function StoryTabs({ name, label, tabs, initial, form, autoFocus = false }: Props) {
  return (
    <div className="story-tabs">
      <div className="story-tab-list" role="radiogroup" aria-label={label}>
        {tabs.map((tab) => (
          <label key={tab.id} className="story-tab">
            <input
              type="radio"
              name={name}
              value={tab.id}
              defaultChecked={tab.id === initial}
              form={form}
              // biome-ignore lint/a11y/noAutofocus: a deep link's first render only, where the editor was asked for
              autoFocus={autoFocus && tab.id === initial}
            />
            {tab.label}
          </label>
        ))}
      </div>
      <div className="story-panels">
        {tabs.map((tab) => (
          // biome-ignore lint/a11y/useSemanticElements: a labelled group of a tab's fields, not a form's fieldset
          <div key={tab.id} className="story-panel" role="group" aria-label={tab.label} data-tab={tab.id}>
            {tab.content}
          </div>
        ))}
      </div>
    </div>
  );
}
