import { beforeAll, describe, it } from "vitest";
import { serializeLanguage, serializeTheme } from "~/http/preferences.server";
import { axeViolations, openPage, preloadAxe, serverAndBrowser, type ExpectedHttpError } from "../support/browser";
import { openMenu, waitForHydration } from "./helpers";
import { createScreenData, signInAsAdmin, type ScreenData } from "./screen-data";

// axe-core (WCAG 2.2 AA) on every screen and every dialog the address can open (docs/product.md §2), in both
// languages and both themes. One signed-in page walks them all per combination; the violations of the
// whole walk are collected and reported together, so one run shows everything that is wrong.
// Two combinations, English-light and Vietnamese-dark, cover each language and each theme once: the
// theme changes only colours (contrast), the language only words (names, lang), so the other two
// pairings would double the file's two minutes for little. The 320 px layout is checked in
// reflow.test.ts, the system theme and the login form's states in accessibility.test.ts.
const env = serverAndBrowser();

let ids: ScreenData;

beforeAll(async () => {
  ids = await createScreenData(env.server, env.browser);
});

const NOT_FOUND = "/no-such-page/anywhere";
const MISSING_BOOK = "/books/999999";

type Combo = { locale: "en" | "vi"; theme: "light" | "dark" };

/** The page's cookies exactly as the app's preference forms set them (app/http/preferences.server.ts). */
async function preferenceCookies({ locale, theme }: Combo) {
  const pair = (header: string) => {
    const [name, ...value] = header.split(";")[0]!.split("=");
    return { name: name!, value: value.join("=") };
  };
  return [pair(await serializeLanguage(locale)), pair(await serializeTheme(theme))];
}

async function walk(combo: Combo, expect: typeof import("vitest")["expect"]) {
  const { page, context, assertNoErrors } = await openPage(env.browser, {
    locale: combo.locale === "vi" ? "vi-VN" : "en-US",
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies((await preferenceCookies(combo)).map((cookie) => ({ ...cookie, url: env.server.url })));
  await preloadAxe(context);
  const found: string[] = [];
  let checked = 0;

  // The whole page, or (`include`) the part an interaction just changed on a page already checked whole.
  const check = async (label: string, include?: string) => {
    checked += 1;
    for (const violation of await axeViolations(page, { include })) found.push(`${label}: ${violation}`);
  };
  type VisitOptions = { status?: number; ready?: string; lang?: string; scripts?: boolean };
  const visit = async (
    path: string,
    { status = 200, ready, lang = combo.locale, scripts = true }: VisitOptions = {},
  ) => {
    const response = await page.goto(`${env.server.url}${path}`);
    expect(response?.status(), path).toBe(status);
    expect(await page.locator("html").getAttribute("lang"), path).toBe(lang);
    expect(await page.locator("html").getAttribute("class"), path).toBe(`theme-${combo.theme}`);
    if (scripts) await waitForHydration(page);
    if (ready) await page.locator(ready).first().waitFor({ state: "visible" });
  };
  const screen = async (path: string, options: VisitOptions = {}) => {
    await visit(path, options);
    await check(path);
  };
  // A dialog the address opens: rendered open by the server, then made modal once hydrated.
  const dialog = async (path: string) => {
    await visit(path);
    await page.locator("dialog.dialog:modal").waitFor({ state: "visible" });
    await check(path);
  };
  // The workspace once dnd-kit, which adds the drag handles, has loaded.
  const workspace = async (query = "", ready = ".topic-list .drag-handle") => {
    await visit(`/books/${ids.book}${query}`, { ready });
    await check(`/books/${ids.book}${query}`);
  };
  // Tabs are radios (switched by CSS): chosen by name and value, the same in both languages.
  const tab = async (label: string, radio: string) => {
    await page.locator(`input[type=radio]${radio}`).check();
    await check(label, ".workspace-editor");
  };

  // Signed out (/unauthorized and the 404 page are checked signed in, with the header).
  await screen("/login", { ready: "#username" });
  // The shared reading page has no scripts and reads in the book's language.
  await screen(`/s/${ids.token}`, { lang: "en", scripts: false });
  await screen(`/s/${ids.viToken}`, { lang: "vi", scripts: false });
  // The storyteller's door: its own script, no React; the recorder it shows, then the writing it switches to.
  await screen(`/tell/${ids.tellToken}`, { lang: "vi", scripts: false, ready: "[data-tell=record]" });
  await page.locator("[data-tell=toggle]").click();
  await page.locator("#tell-content").waitFor({ state: "visible" });
  await check(`/tell/${ids.tellToken} writing`);

  await signInAsAdmin(page.request, env.server);
  // Home, with each header menu open, and the create-book dialog.
  await screen("/");
  for (const label of combo.locale === "vi"
    ? ["Ngôn ngữ", "Sách", "Menu tài khoản"]
    : ["Language", "Books", "Account menu"]) {
    const menu = await openMenu(page, label);
    await check(`/ with the ${label} menu open`, "details.menu[open]");
    await menu.locator("summary").click();
  }
  await dialog("/?dialog=create-book");
  await page.locator("label.cover-tab").nth(1).click();
  await check("/?dialog=create-book, upload tab", "dialog.dialog");

  // Library and its delete dialog.
  await screen("/books");
  await dialog(`/books?dialog=delete-book&bookId=${ids.book}`);

  // The workspace: story editor (new story: questions and manual tabs; existing story: edit and media, text and
  // recording).
  await workspace();
  await tab("workspace, new story, manual tab", `[name="new-story-tab"][value="manual"]`);
  await workspace(`?storyId=${ids.story}`);
  await tab("workspace, story, recording tab", `[name="story-content-tab"][value="recording"]`);
  await workspace(`?storyId=${ids.story}&tab=media`);
  await dialog(`/books/${ids.book}?storyId=${ids.story}&tab=media&deleteMedia=${ids.photo}`);
  await dialog(`/books/${ids.book}?openEditor=story&topicId=${ids.topic}&addQuestion=1`);
  // Topic editor: new, edit (details and preview tabs, the three popovers), delete confirmation.
  await workspace("?openEditor=topic");
  await workspace(`?openEditor=topic&topicId=${ids.topic}`);
  await tab("workspace, topic editor, preview tab", `[name="topicTab"][value="preview"]`);
  const popovers = page.locator("details.ai-popover");
  expect(await popovers.count()).toBe(3);
  for (let i = 0; i < 3; i++) {
    const popover = popovers.nth(i);
    await popover.locator("summary").click();
    await popover.locator(".ai-panel").waitFor({ state: "visible" });
    await check(
      `workspace, topic editor, popover ${await popover.locator("summary").textContent()}`,
      "details.ai-popover[open]",
    );
    await popover.locator("summary").click();
  }
  await dialog(`/books/${ids.book}?openEditor=topic&topicId=${ids.topic}&confirmDelete=1`);
  // Preview panel: the book tab; the book's dialogs.
  await workspace("?ptab=book");
  for (const name of ["edit-book", "delete-book", "share", "storyteller", "pdf"])
    await dialog(`/books/${ids.book}?dialog=${name}`);
  await visit(`/books/${ids.book}/suggest-topics`);
  await page.locator("dialog.dialog:modal .suggest-item").first().waitFor();
  await check("suggest-topics");
  // The collapsed contents rail, with a topic's flyout open.
  await context.addCookies([{ name: "workspace_layout", value: "5.0-60.0-35.0", url: env.server.url }]);
  await workspace("", ".toc-rail");
  const flyout = page.locator(".rail-flyout").first();
  await flyout.locator("summary").click();
  await flyout.locator(".flyout-panel").waitFor({ state: "visible" });
  await check("workspace, rail with a flyout open", ".toc-rail");
  await context.addCookies([{ name: "workspace_layout", value: "25.0-40.0-35.0", url: env.server.url }]);
  await screen(MISSING_BOOK, { status: 404 });

  // Topic page and its dialogs.
  await screen(`/books/${ids.book}/topics/${ids.topic}`);
  await screen(`/books/${ids.book}/topics/${ids.emptyTopic}`);
  await dialog(`/books/${ids.book}/topics/${ids.topic}?deleteStory=${ids.story}`);
  await dialog(`/books/${ids.book}/topics/${ids.topic}?media=${ids.photo}`);
  await dialog(`/books/${ids.book}/topics/${ids.topic}?media=${ids.recording}`);

  await screen("/profile", { ready: "#profile-form" });

  // Admin: every tab, the explorer opened on a story, and every dialog.
  for (const tabName of ["overview", "users", "books", "topics", "stories"]) await screen(`/admin?tab=${tabName}`);
  await screen(`/admin?tab=content&open=${ids.topic}&story=${ids.story}`);
  for (const query of [
    "tab=users&dialog=add-user",
    `tab=users&dialog=edit-user&id=${ids.member.id}`,
    `tab=users&dialog=delete-user&id=${ids.member.id}`,
    `tab=users&dialog=activities&id=1`,
    `tab=content&dialog=preview&id=${ids.topic}&open=${ids.topic}`,
    `tab=content&dialog=media&id=${ids.photo}&open=${ids.topic}`,
    `tab=content&dialog=media&id=${ids.recording}&open=${ids.topic}`,
  ]) {
    await dialog(`/admin?${query}`);
  }
  await screen("/unauthorized");
  await screen(NOT_FOUND, { status: 404 });

  const expected: ExpectedHttpError[] = [
    { path: NOT_FOUND, status: 404 },
    { path: MISSING_BOOK, status: 404 },
  ];
  assertNoErrors(expected);
  await context.close();
  return { found, checked };
}

describe.concurrent("axe-core on every screen and dialog", { timeout: 300_000 }, () => {
  const combos: Combo[] = [
    { locale: "en", theme: "light" },
    { locale: "vi", theme: "dark" },
  ];
  for (const combo of combos) {
    it(`finds nothing in ${combo.locale} with the ${combo.theme} theme`, async ({ expect }) => {
      const { found, checked } = await walk(combo, expect);
      expect(checked).toBeGreaterThan(40);
      expect(found).toEqual([]);
    });
  }
});
