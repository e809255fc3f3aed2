import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import t from "~/i18n/vi";
import { expectNoAxeViolations, serverAndBrowser } from "../support/browser";
import { toast, waitForHydration, waitForToast } from "./helpers";
import { expectEditorOpenOn, phone, seed } from "./phone-workspace";

// Issue 35, "Phones and edges": the workspace's editor on a 390 px phone in Vietnamese, its CPU slowed down 4×. An
// editor opened from another page comes into view with its first field focused, and stays there; its card then shows
// the title, the start of the text and the Recording tab above its bar of actions; and notices sit clear of that bar,
// and of the contents' first topic after topics were saved.
const env = serverAndBrowser();
// A slowed-down phone on two cores that other tests share: loading, hydrating and axe take a while.
const SLOW = { timeout: 240_000 };

type Seeded = Awaited<ReturnType<typeof seed>>;
type Opened = Awaited<ReturnType<typeof phone>>;

const titleField = (page: Page) => page.getByLabel(t.storyEditor.title, { exact: true });

/** Where the page is and where the editor's card starts on screen. */
const view = (page: Page) =>
  page.evaluate(() => ({
    scrollY: Math.round(window.scrollY),
    cardTop: Math.round(document.querySelector(".workspace-editor")?.getBoundingClientRect().top ?? Number.NaN),
    focused: document.activeElement?.id ?? null,
  }));

/**
 * The page has reached the workspace: with JavaScript, hydrated, and the editor's parameters gone from the address
 * (docs/product.md §2); the editor is in view with the focus on `field`. Then the page holds still: the router's scroll
 * to the top of a new page came 30–90 ms after the focus, so the test looks again a second later (a window to watch,
 * not a wait for anything).
 */
async function expectArrivedOn(page: Page, field: Locator, bookId: number, javaScriptEnabled: boolean) {
  await page.waitForURL((url) => url.pathname === `/books/${bookId}` && (!javaScriptEnabled || url.search === ""));
  if (javaScriptEnabled) await waitForHydration(page);
  await expectEditorOpenOn(page, field);
  const settled = await view(page);
  // The card is far below the contents on a phone: the page has left its top.
  expect(settled.scrollY).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  expect(await view(page)).toEqual(settled);
}

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

/** Whether two elements' boxes overlap on screen. */
const overlapping = async (a: Locator, b: Locator) =>
  a.evaluate(
    (first, other) => {
      const [x, y] = [first.getBoundingClientRect(), (other as Element).getBoundingClientRect()];
      return x.left < y.right && y.left < x.right && x.top < y.bottom && y.top < x.bottom;
    },
    await b.elementHandle(),
  );

/** Home's "Trả lời" on the book's one open question. */
async function answerFromHome({ page, open }: Opened) {
  await open("/");
  await page.getByRole("link", { name: t.home.answerLabel.replace("{{question}}", "Bà trồng gì trong vườn?") }).tap();
}

// The places outside the workspace that open its editor, each tapped.
const FROM_ELSEWHERE: [string, (opened: Opened, seeded: Seeded) => Promise<void>][] = [
  [
    "the topic page's interview questions",
    async ({ page, open }, { book, garden }) => {
      await open(`/books/${book.id}/topics/${garden.id}`);
      await page.getByRole("link", { name: "Bà trồng gì trong vườn?" }).tap();
    },
  ],
  ["Home's Trả lời", answerFromHome],
  [
    "the library's search results",
    async ({ page, open }) => {
      await open("/books");
      // The stories' search box (the form around it bears the same name).
      await page.locator("#sq").fill("khế");
      await page.locator("#sq").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("sq") === "khế");
      await page.getByRole("link", { name: "Cây khế" }).tap();
    },
  ],
  [
    "a story card on the topic page",
    async ({ page, open }, { book, garden }) => {
      await open(`/books/${book.id}/topics/${garden.id}`);
      await page.getByRole("link", { name: t.topicPage.editLabel.replace("{{title}}", "Cây khế") }).tap();
    },
  ],
];

describe.each([true, false])("an editor opened from another page, on a slow phone (JavaScript %s)", SLOW, (js) => {
  it.each(FROM_ELSEWHERE)("comes into view from %s, focused, ready to write, and stays", async (_, tap) => {
    const opened = await phone(env, js, { slowCpu: true });
    const seeded = await seed(opened.post, opened.put);
    await tap(opened, seeded);
    await expectArrivedOn(opened.page, titleField(opened.page), seeded.book.id, js);
    await expectReadyToWrite(opened.page);
    opened.assertNoErrors();
  });
});

describe("the editor on a slow phone, with JavaScript", SLOW, () => {
  it("comes into view from Home, then from a story in the contents", async () => {
    const opened = await phone(env, true, { slowCpu: true });
    const { page } = opened;
    const seeded = await seed(opened.post, opened.put);
    await answerFromHome(opened);
    await expectArrivedOn(page, titleField(page), seeded.book.id, true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(".workspace-toc").getByRole("link", { name: "Áo dài đỏ" }).tap();
    await page.getByRole("heading", { name: t.storyEditor.editTitle }).waitFor();
    await expectArrivedOn(page, titleField(page), seeded.book.id, true);
    await expectNoAxeViolations(page);
    opened.assertNoErrors();
  });

  it("on a wide screen, opens it in its panel from another page without moving the page", async () => {
    const opened = await phone(env, true, { slowCpu: true, wide: true });
    const { page } = opened;
    const seeded = await seed(opened.post, opened.put);
    await opened.open(`/books/${seeded.book.id}/topics/${seeded.garden.id}`);
    // Every scroll of the window from here on.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { scrolls: number[] }).scrolls = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    await page.getByRole("link", { name: "Bà trồng gì trong vườn?" }).click();
    await page.waitForURL((url) => url.pathname === `/books/${seeded.book.id}` && url.search === "");
    await waitForHydration(page);
    await expectEditorOpenOn(page, titleField(page));
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { scrolls?: number[] }).scrolls ?? [])).toEqual([]);
    expect((await view(page)).scrollY).toBe(0);
    opened.assertNoErrors();
  });
});

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

describe.each([true, false])("notices on a slow phone (JavaScript %s)", SLOW, (js) => {
  it("sit clear of the editor's bar after Complete", async () => {
    const opened = await phone(env, js, { slowCpu: true });
    const { page } = opened;
    const { book, garden, question } = await seed(opened.post, opened.put);
    await opened.open(`/books/${book.id}?openEditor=story&topicId=${garden.id}&questionId=${question.id}`);
    await page.locator("#content").fill("Bà trồng khế, ổi và một luống rau thơm.");
    // Down to the bar at the card's foot, as a thumb does, which puts it at the bottom of the screen.
    await page.locator(".workspace-editor").evaluate((card) => card.scrollIntoView({ block: "end" }));
    await page.getByRole("button", { name: t.storyEditor.complete }).tap();
    await waitForToast(page, t.storyEditor.completed);
    await page.getByRole("heading", { name: t.storyEditor.editTitle }).waitFor();
    if (js) await waitForHydration(page);
    const bar = page.locator(".workspace-editor .action-bar").filter({ visible: true });
    expect(await overlapping(toast(page), bar)).toBe(false);
    for (const name of [t.storyEditor.saveDraft, t.storyEditor.complete]) {
      const button = page.getByRole("button", { name });
      const reached = await button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return !!hit && (hit === element || element.contains(hit));
      });
      expect(reached, name).toBe(true);
    }
    if (js) await expectNoAxeViolations(page);
    opened.assertNoErrors();
  });

  // Without JavaScript the saved topics come back as a new page, at its top. With it, the focus then goes to the
  // editor's heading (useFocusRecovery), which scrolls the contents out of sight above.
  it.runIf(!js)("sit clear of the contents' first topic after suggested topics were saved", async () => {
    const opened = await phone(env, js, { slowCpu: true });
    const { page } = opened;
    const book = await opened.post("/api/books", { title: "Cuộc đời của ông", language: "vi" });
    await opened.open(`/books/${book.id}/suggest-topics`);
    const save = page.getByRole("button", { name: /^Lưu các chủ đề đã chọn \(\d+\)$/ });
    await save.tap();
    await waitForToast(page, t.suggest.saved);
    await page.waitForURL((url) => url.pathname === `/books/${book.id}`);
    const firstTopic = page.locator(".workspace-toc .topic-list > li").first();
    await firstTopic.waitFor();
    expect(await overlapping(toast(page), firstTopic)).toBe(false);
    opened.assertNoErrors();
  });
});
