import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import t from "~/i18n/vi";
import { expectNoAxeViolations, serverAndBrowser } from "../support/browser";
import { phone, seed } from "./phone-workspace";

// Issue 35, "Phones and edges": the workspace's editor on a 390 px phone in Vietnamese, its CPU slowed down 4×. As it
// opens, its card shows the title, the start of the text and the Recording tab above its bar of actions.
const env = serverAndBrowser();
// A slowed-down phone on two cores that other tests share: loading, hydrating and axe take a while.
const SLOW = { timeout: 240_000 };

type Seeded = Awaited<ReturnType<typeof seed>>;
type Opened = Awaited<ReturnType<typeof phone>>;

const titleField = (page: Page) => page.getByLabel(t.storyEditor.title, { exact: true });

/**
 * What the card shows as it opens, without scrolling inside it: the title, the first two lines of the text box and the
 * Recording tab, each on screen, above the bar of actions, and what a tap there reaches.
 */
async function expectReadyToWrite(page: Page) {
  const shown = await page.locator(".workspace-editor").evaluate((editor) => {
    const header = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
    const bar = Array.from(editor.querySelectorAll(".action-bar")).find((element) => element.getClientRects().length);
    const top = Math.max(header, editor.getBoundingClientRect().top);
    const bottom = Math.min(window.innerHeight, bar?.getBoundingClientRect().top ?? 0);
    const seen = (element: Element | null | undefined, height?: number) => {
      if (!element) return "missing";
      const rect = element.getBoundingClientRect();
      const end = height === undefined ? rect.bottom : rect.top + height;
      const hit = document.elementFromPoint(rect.left + rect.width / 2, (rect.top + end) / 2);
      if (rect.top < top - 0.5 || end > bottom + 0.5) return `outside ${Math.round(rect.top)}–${Math.round(end)}`;
      return hit && (hit === element || element.contains(hit)) ? "seen" : `under ${hit?.className}`;
    };
    return {
      scrolledInside: editor.scrollTop,
      title: seen(editor.querySelector("#title")),
      text: seen(editor.querySelector("#content"), 48),
      recording: seen(editor.querySelector("input[name=story-content-tab][value=recording]")?.closest("label")),
    };
  });
  expect(shown).toEqual({ scrolledInside: 0, title: "seen", text: "seen", recording: "seen" });
}


describe.each([true, false])("the editor's card as it opens on a slow phone (JavaScript %s)", SLOW, (js) => {
  const OPENINGS: [string, (opened: Opened, seeded: Seeded) => Promise<void>][] = [
    [
      "an answer to an interview question",
      ({ open }, { book, garden, question }) =>
        open(`/books/${book.id}?openEditor=story&topicId=${garden.id}&questionId=${question.id}`),
    ],
    [
      "a new story's Manual tab",
      async ({ page, open }, { book, garden }) => {
        await open(`/books/${book.id}?openEditor=story&topicId=${garden.id}`);
        await page.getByRole("radio", { name: t.storyEditor.tabManual }).tap();
        await titleField(page).waitFor();
      },
    ],
    ["an existing story", ({ open }, { book, story }) => open(`/books/${book.id}?storyId=${story.id}`)],
  ];

  it.each(OPENINGS)("shows %s's title, text and Recording tab above its bar", async (_, openIt) => {
    const opened = await phone(env, js, { slowCpu: true });
    const seeded = await seed(opened.post, opened.put);
    await openIt(opened, seeded);
    await expectReadyToWrite(opened.page);
    // The page's own scripts are off without JavaScript, and axe with them: the markup is the same.
    if (js) await expectNoAxeViolations(opened.page);
    opened.assertNoErrors();
  });
});
