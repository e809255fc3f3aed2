import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, waitForHydration } from "./helpers";

// Issue 20, "Phones first": the admin's activity list showed each row's details as the database keeps them
// ("id: 1; bookId: 1; expiresAt: null"). Each is now a sentence in the admin's language, naming the user and what
// they worked on, with links to it; a row of a shape the app does not know still reads as a sentence.

const env = serverAndBrowser();
const PHONE = { width: 390, height: 844 };

/** A user who made a book, a topic, a story and a family link; and an old row of a shape nobody writes now. */
async function aFamilyAtWork() {
  const user = await createUser(env.server, { displayName: "Bà Lan" });
  const lan = createClient(env.server.url);
  await loginAs(lan, user.username, user.password);
  const post = async (url: string, body: unknown) => {
    const response = await lan.json("POST", url, body);
    expect(response.status, url).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const story = await post(`/api/topics/${topic.id}/stories`, { title: "Bến sông", content: "Ngày xưa…" });
  await post(`/api/books/${book.id}/shares`, {});
  const db = new Database(path.join(env.server.dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("insert into activities (user_id, action, resource, details, created_at) values (?, ?, ?, ?, ?)").run(
      user.id,
      "print",
      "book",
      JSON.stringify({ bookId: book.id, pages: 12 }),
      Date.UTC(2020, 0, 1),
    );
  } finally {
    db.close();
  }
  return { user, book, topic, story };
}

describe.each([
  { js: false, label: "without JavaScript" },
  { js: true, label: "with JavaScript" },
])("the admin's activity list on a 390 px phone in Vietnamese, $label", { timeout: 120_000 }, ({ js }) => {
  it("tells each activity as a sentence with the user's name and links to the book, topic and story", async () => {
    const { user, book, topic, story } = await aFamilyAtWork();
    const { page, context, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: js,
      viewport: PHONE,
      locale: "vi-VN",
    });
    const login = await context.request.post(`${env.server.url}/api/auth/login`, {
      data: { username: "admin", password: ADMIN_PASSWORD, rememberMe: false },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${env.server.url}/admin?tab=users&dialog=activities&id=${user.id}`);
    if (js) await waitForHydration(page);
    const dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    const details = await dialog.locator("tbody tr td:nth-child(3)").allInnerTexts();
    expect(details).toEqual([
      "Bà Lan đã tạo đường liên kết gia đình cho sách “Chuyện của bà”.",
      "Bà Lan đã viết câu chuyện “Bến sông”.",
      "Bà Lan đã thêm 1 chủ đề vào sách “Chuyện của bà”.",
      "Bà Lan đã tạo sách “Chuyện của bà”.",
      "Bà Lan đã đăng nhập.",
      "Bà Lan: print (Sách) trong sách “Chuyện của bà”.",
    ]);
    expect(await dialog.innerText()).not.toMatch(/\bbookId\b|\bid: \d/);

    const links = await dialog
      .locator("tbody tr")
      .first()
      .locator("td:nth-child(3) a")
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual([
      ["Bà Lan", `/admin?tab=content&user=${user.id}`],
      ["Chuyện của bà", `/admin?tab=content&user=${user.id}&book=${book.id}`],
    ]);
    const storyLink = dialog.getByRole("link", { name: "Bến sông" });
    expect(await storyLink.getAttribute("href")).toBe(
      `/admin?tab=content&user=${user.id}&book=${book.id}&topic=${topic.id}&story=${story.id}#story-${story.id}`,
    );
    // axe-core is run with JavaScript on: in a context with it off, its run did not finish on this machine.
    if (js) await expectNoAxeViolations(page);

    // The story's link opens the Content Explorer on it, its whole text shown.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("story") === String(story.id)),
      storyLink.click(),
    ]);
    const opened = page.locator(`#story-${story.id}`);
    await opened.waitFor({ state: "visible" });
    expect(await opened.innerText()).toContain("Ngày xưa…");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    assertNoErrors();
    await context.close();
  });
});
