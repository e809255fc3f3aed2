import path from "node:path";
import Database from "better-sqlite3";
import { pngBytes } from "../support/media-files";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, signIn, waitForHydration, type TestUser } from "./helpers";

// The admin dashboard's tabs, with and without JavaScript: overview, tables (sorting, filters, search,
// pages), the Content Explorer (nested <details>, full stories, Topic Preview, media) and activities.
const env = serverAndBrowser();

const PREVIEW = "Bà Na lớn lên bên dòng sông, nơi mùa nước nổi mang phù sa về cho cả làng.";
const STORY =
  "Mỗi sáng, bà chèo xuồng qua sông để đi học. Nước lên cao, gió thổi mạnh, " +
  "nhưng bà chưa bao giờ nghỉ một buổi nào. Thầy giáo khen bà chăm chỉ nhất lớp.";

let na: TestUser;
let tu: TestUser;
const ids = { book: 0, childhood: 0, work: 0, story: 0, media: 0 };

/** A real photo of Chú Tư's story, uploaded as the story editor does. */
async function uploadPhoto(client: ReturnType<typeof createClient>, storyId: number): Promise<number> {
  const form = new FormData();
  form.append("type", "image");
  form.append("description", "Ảnh bến sông");
  form.append("file", new File([await pngBytes(60, 40, "#4a7a9c")], "ben-song.png", { type: "image/png" }));
  const response = await client.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  na = await createUser(env.server, { username: "bana", displayName: "Bà Na", password: "na-secret-1" });
  await createUser(env.server, { username: "ongsau", displayName: "Ông Sáu" });
  tu = await createUser(env.server, { username: "chutu", displayName: "Chú Tư" });
  const client = createClient(env.server.url);
  await loginAs(client, "bana", "na-secret-1");
  const post = async (url: string, body: unknown) => {
    const response = await client.json("POST", url, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  ids.book = (await post("/api/books", { title: "Quê nội", description: "Làng ven sông", language: "vi" })).id;
  await post("/api/books", { title: "Sổ tay trống", description: "", language: "en" });
  ids.childhood = (await post(`/api/books/${ids.book}/topics`, { title: "Tuổi thơ", description: "Những năm đầu" })).id;
  ids.work = (await post(`/api/books/${ids.book}/topics`, { title: "Công việc", description: "" })).id;
  await client.json("PUT", `/api/topics/${ids.childhood}`, { preview: PREVIEW });
  ids.story = (
    await post(`/api/topics/${ids.childhood}/stories`, {
      title: "Con sông",
      content: STORY,
      status: "published",
      hasAudio: false,
      hasImages: true,
    })
  ).id;
  ids.media = await uploadPhoto(client, ids.story);
  // Volumes the API would take long to make, straight into the database.
  const db = new Database(path.join(env.server.dataDir, "heirloom.db"));
  try {
    db.pragma("busy_timeout = 5000");
    const book = db.prepare(
      "insert into books (user_id, title, description, language, created_at, updated_at) values (?, ?, '', ?, ?, ?)",
    );
    const activity = db.prepare(
      "insert into activities (user_id, action, resource, details, created_at) values (?, 'update', 'book', ?, ?)",
    );
    for (let i = 1; i <= 25; i++) {
      const at = Date.UTC(2024, 0, i, 9, 30);
      book.run(tu.id, `Nhật ký ${String(i).padStart(2, "0")}`, i % 2 ? "en" : "vi", at, at);
      activity.run(tu.id, JSON.stringify({ id: i, title: `Nhật ký ${i}` }), at);
    }
  } finally {
    db.close();
  }
});

const heading = (page: Page) => page.locator("#admin-tab-heading");
const rows = (page: Page) => page.locator("table.table tbody tr");
const columnTexts = async (page: Page, column: number) =>
  (await rows(page).locator(`td:nth-child(${column})`).allTextContents()).map((text) => text.trim());

async function openTab(page: Page, name: string, tab: string) {
  await Promise.all([
    page.waitForURL((url) => (url.searchParams.get("tab") ?? "overview") === tab),
    page.locator("nav.admin-tabs").getByRole("link", { name, exact: true }).click(),
  ]);
  await heading(page).filter({ hasText: name }).waitFor();
}

async function clickAndWaitFor(page: Page, name: string | RegExp, check: (url: URL) => boolean) {
  await Promise.all([page.waitForURL(check), page.getByRole("link", { name }).first().click()]);
}

const opened = (within: Page | Locator, selector: string, text: string) =>
  within.locator(selector, { hasText: text }).first();
/** Opens a <details> by its summary, as a person would (no JavaScript needed), and waits until it is open. */
const toggle = async (details: Locator) => {
  await details.locator(":scope > summary").click();
  await details.and(details.page().locator("details[open]")).waitFor();
};

describe.concurrent("the admin dashboard", { timeout: 120_000 }, () => {
  it(
    "every table tab with JavaScript: " + "sorting toggles, filters, the global search and pages; axe finds nothing",
    async ({ expect }) => {
      const { page, assertNoErrors } = await openPage(env.browser);
      await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin");
      expect(await heading(page).textContent()).toBe("Overview");
      const books = await (await page.request.get(`${env.server.url}/api/admin/books`)).json();
      expect(await page.locator(".stat", { hasText: "Books" }).locator("dd").textContent()).toBe(String(books.total));
      expect(await page.locator("section.card", { hasText: "Latest users" }).textContent()).toContain("Bà Na");
      await expectNoAxeViolations(page);

      await openTab(page, "Books", "books");
      await clickAndWaitFor(
        page,
        "Sort by Title",
        (url) => url.searchParams.get("sort") === "title" && url.searchParams.get("dir") === "asc",
      );
      // With JavaScript the address changes a moment before the new rows render: wait for them.
      await page.locator('th[aria-sort="ascending"]').waitFor();
      const ascending = await columnTexts(page, 2);
      expect(ascending).toEqual([...ascending].sort());
      await clickAndWaitFor(page, "Sort by Title", (url) => url.searchParams.get("dir") === "desc");
      await page.locator('th[aria-sort="descending"]').waitFor();
      expect(await columnTexts(page, 2)).toEqual([...(await columnTexts(page, 2))].sort().reverse());

      // Filters: English books of one user, still sorted by title, descending.
      await page.selectOption("#language", "en");
      await page.selectOption("#user", String(tu.id));
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("language") === "en"),
        page.getByRole("button", { name: "Search" }).click(),
      ]);
      expect(new URL(page.url()).searchParams.get("user")).toBe(String(tu.id));
      expect(new URL(page.url()).searchParams.get("dir")).toBe("desc");
      await expect.poll(() => rows(page).count()).toBe(13);
      expect(new Set(await columnTexts(page, 5))).toEqual(new Set(["English"]));
      expect((await columnTexts(page, 2))[0]).toBe("Nhật ký 25");
      await expectNoAxeViolations(page);

      // Pages: the user's 25 books over two pages.
      await page.selectOption("#language", "");
      await Promise.all([
        page.waitForURL((url) => !url.searchParams.has("language") || url.searchParams.get("language") === ""),
        page.getByRole("button", { name: "Search" }).click(),
      ]);
      await page.locator(".pager", { hasText: "Page 1 of 2" }).waitFor();
      await clickAndWaitFor(page, "Next", (url) => url.searchParams.get("page") === "2");
      await page.locator(".pager", { hasText: "Page 2 of 2" }).waitFor();
      expect(await rows(page).count()).toBe(5);

      // The global search follows the admin from tab to tab.
      await page.goto(`${env.server.url}/admin?tab=books`);
      await waitForHydration(page);
      await page.fill("#admin-q", "sông");
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("q") === "sông"),
        page.getByRole("button", { name: "Search" }).click(),
      ]);
      await expect.poll(() => columnTexts(page, 2)).toEqual(["Quê nội"]);
      await openTab(page, "Stories", "stories");
      expect(new URL(page.url()).searchParams.get("q")).toBe("sông");
      expect(await columnTexts(page, 2)).toEqual(["Con sông"]);
      expect(await rows(page).locator("td:nth-child(3)").textContent()).toBe(`${STORY.slice(0, 100).trimEnd()}…`);
      expect(await columnTexts(page, 4)).toEqual(["Tuổi thơ"]);
      await expectNoAxeViolations(page);

      await page.goto(`${env.server.url}/admin?tab=topics&user=${na.id}`);
      await waitForHydration(page);
      expect(await columnTexts(page, 2)).toEqual(["Công việc", "Tuổi thơ"]);
      expect(await columnTexts(page, 4)).toEqual(["Quê nội", "Quê nội"]);
      expect(await columnTexts(page, 5)).toEqual(["0", "1"]);
      await expectNoAxeViolations(page);

      await openTab(page, "Users", "users");
      await page.selectOption("#role", "admin");
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get("role") === "admin"),
        page.getByRole("button", { name: "Search" }).click(),
      ]);
      await expect.poll(() => columnTexts(page, 2)).toEqual(["admin Admin"]);
      await expectNoAxeViolations(page);
      assertNoErrors();
    },
  );

  it("the Content Explorer with JavaScript: nested details, a whole story, Topic Preview and a photo", async ({
    expect,
  }) => {
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin?tab=content");
    expect(await heading(page).textContent()).toBe("Content Explorer");
    const user = opened(page, "details.tree-user", "Bà Na");
    await toggle(user);
    await toggle(opened(user, "details.tree-node", "Sổ tay trống"));
    expect(await opened(user, "details.tree-node", "Sổ tay trống").getByText("No topics").isVisible()).toBe(true);
    const book = opened(user, "details.tree-node", "Quê nội");
    await toggle(book);
    await toggle(opened(book, "details.tree-node", "Công việc"));
    expect(await opened(book, "details.tree-node", "Công việc").getByText("No stories").isVisible()).toBe(true);
    const topic = opened(book, "details.tree-node", "Tuổi thơ");
    await toggle(topic);
    const story = page.locator(`#story-${ids.story}`);
    expect(await story.locator(".story-text").textContent()).toBe(`${STORY.slice(0, 80).trimEnd()}…`);
    await toggle(opened(page, "details.tree-user", "Ông Sáu"));
    expect(await opened(page, "details.tree-user", "Ông Sáu").getByText("No books").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The whole story, and back; the tree stays open.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("story") === String(ids.story)),
      story.getByRole("link", { name: /^Read the whole story/ }).click(),
    ]);
    await story.getByRole("link", { name: /^Show less/ }).waitFor();
    expect(await story.locator(".story-text").textContent()).toBe(STORY);
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("story")),
      story.getByRole("link", { name: /^Show less/ }).click(),
    ]);
    await story.getByRole("link", { name: /^Read the whole story/ }).waitFor();
    expect(await story.locator(".story-text").textContent()).toBe(`${STORY.slice(0, 80).trimEnd()}…`);
    expect(await story.isVisible()).toBe(true);

    // Topic Preview, as a dialog in the address.
    // (The button is a flex box, so its hidden ": title" counts as a separate block in the accessible name.)
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "preview"),
      topic.getByRole("link", { name: /^Preview\W+Tuổi thơ$/ }).click(),
    ]);
    const dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Topic Preview");
    expect(await dialog.textContent()).toContain(PREVIEW);
    expect(await page.getByRole("link", { name: /^Preview\W+Công việc$/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await story.isVisible()).toBe(true);

    // A photo opens in its own dialog, served to the admin.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "media"),
      story.getByRole("link", { name: /^Open Photo: Ảnh bến sông/ }).click(),
    ]);
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Photo");
    const photo = dialog.locator("img");
    expect(await photo.getAttribute("src")).toBe(`/api/media/render/id:${ids.media}`);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // A topic without a saved preview, asked for by hand.
    await page.goto(`${env.server.url}/admin?tab=content&dialog=preview&id=${ids.work}`);
    await waitForHydration(page);
    expect(await page.locator("dialog.dialog [role=alert]").textContent()).toBe(
      "Error loading preview. No saved preview was found for this topic.",
    );
    assertNoErrors();
  });

  it("the activities dialog with JavaScript: what a user did, dd/MM/yyyy HH:mm, a page at a time", async ({
    expect,
  }) => {
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin?tab=users");
    const naRow = rows(page).filter({ hasText: "bana@example.com" });
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "activities"),
      naRow.getByRole("link", { name: "Activities bana" }).click(),
    ]);
    const dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Activities of Bà Na");
    const lines = await dialog
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(lines.map(([action, resource]) => `${action} ${resource}`)).toEqual([
      "Created Media",
      "Created Story",
      "Updated Topic",
      "Created Topic",
      "Created Topic",
      "Created Book",
      "Created Book",
      "Signed in Session",
    ]);
    expect(lines[6]![2]).toBe("Bà Na created the book “Quê nội”.");
    for (const line of lines) expect(line[3]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // 25 activities: two pages inside the dialog.
    await page.goto(`${env.server.url}/admin?tab=users&dialog=activities&id=${tu.id}`);
    await waitForHydration(page);
    expect(await dialog.locator("tbody tr").count()).toBe(20);
    // The row names a book by its id; the sentence names it by its title now ("Nhật ký …", one of Chú Tư's diaries).
    expect(await dialog.locator("tbody tr").first().textContent()).toContain("Chú Tư edited the book “Nhật ký ");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("apage") === "2"),
      dialog.getByRole("link", { name: "Next" }).click(),
    ]);
    await dialog.locator(".pager", { hasText: "Page 2 of 2" }).waitFor();
    expect(await dialog.locator("tbody tr").count()).toBe(5);
    assertNoErrors();
  });

  it("every tab without JavaScript: links, forms and <details> only", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });
    await loginThroughForm(page, env.server.url, "admin", ADMIN_PASSWORD);
    await page.goto(`${env.server.url}/admin`);
    expect(await heading(page).textContent()).toBe("Overview");
    for (const [name, tab] of [
      ["Users", "users"],
      ["Topics", "topics"],
      ["Stories", "stories"],
      ["Content Explorer", "content"],
      ["Overview", "overview"],
      ["Books", "books"],
    ] as const) {
      await openTab(page, name, tab);
    }
    await clickAndWaitFor(
      page,
      "Sort by Language",
      (url) => url.searchParams.get("sort") === "language" && url.searchParams.get("dir") === "asc",
    );
    await clickAndWaitFor(page, "Sort by Language", (url) => url.searchParams.get("dir") === "desc");
    expect(await page.locator("th[aria-sort]").getAttribute("aria-sort")).toBe("descending");
    await page.selectOption("#user", String(tu.id));
    await page.selectOption("#language", "vi");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("language") === "vi"),
      page.getByRole("button", { name: "Search" }).click(),
    ]);
    expect(new Set(await columnTexts(page, 5))).toEqual(new Set(["Tiếng Việt"]));
    expect(await rows(page).count()).toBe(12);
    await page.goto(`${env.server.url}/admin?tab=books&user=${tu.id}`);
    await clickAndWaitFor(page, "Next", (url) => url.searchParams.get("page") === "2");
    expect(await rows(page).count()).toBe(5);

    // The explorer: <details> open natively; links carry the place in the tree.
    await page.goto(`${env.server.url}/admin?tab=content`);
    const user = opened(page, "details.tree-user", "Bà Na");
    await toggle(user);
    const book = opened(user, "details.tree-node", "Quê nội");
    await toggle(book);
    await toggle(opened(book, "details.tree-node", "Tuổi thơ"));
    const story = page.locator(`#story-${ids.story}`);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("story") === String(ids.story)),
      story.getByRole("link", { name: /^Read the whole story/ }).click(),
    ]);
    expect(await story.locator(".story-text").textContent()).toBe(STORY);
    expect(await story.isVisible()).toBe(true);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "preview"),
      page.getByRole("link", { name: /^Preview\W+Tuổi thơ$/ }).click(),
    ]);
    const dialog = page.locator("dialog.dialog");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Topic Preview");
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has("dialog")),
      dialog.getByRole("link", { name: "Close" }).click(),
    ]);
    expect(await dialog.count()).toBe(0);
    expect(await page.locator(`#story-${ids.story}`).isVisible()).toBe(true);

    // Activities, as a dialog the server renders open.
    await page.goto(`${env.server.url}/admin?tab=users`);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("dialog") === "activities"),
      rows(page).filter({ hasText: "chutu@example.com" }).getByRole("link", { name: "Activities chutu" }).click(),
    ]);
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Activities of Chú Tư");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("apage") === "2"),
      dialog.getByRole("link", { name: "Next" }).click(),
    ]);
    expect(await dialog.locator("tbody tr").count()).toBe(5);
    assertNoErrors();
  });
});
