import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startServer, type RunningServer } from "../support/server";
import { createUser, signIn, toast, waitForHydration, waitForToast } from "./helpers";
import { createBook, createTopic, expectComfortableEditor, savedPreview } from "./topic-helpers";

// The topic editor's "Refine with AI" and "Content suggestions" popovers (docs/product.md §2, §4) with the
// offline provider: real calls to the story API, the draft's autosave, failures that keep the text.
const env = serverAndBrowser();

// A second server whose AI is an OpenAI-compatible one that fails: the failures are real 502s.
const failing = {} as { fake: FakeOpenAi; server: RunningServer };
beforeAll(async () => {
  failing.fake = await startFakeOpenAi();
  failing.server = await startServer(fakeAiEnv(failing.fake));
});
afterAll(async () => {
  await failing.server?.stop();
  await failing.fake?.close();
});

const MESSY_EN =
  "we moved to the city in 1975 .it was a hard year !my mother worked at the mill ,my father drove a truck .\n" +
  'dad always said "keep going" and we did.';
const CLEAN_EN =
  "We moved to the city in 1975. It was a hard year! My mother worked at the mill, my father drove a truck.\n\n" +
  "Dad always said “keep going” and we did.";
const SHORT_VI = "Hồi nhỏ tôi sống ở làng. Rất vui.";

/** Signs a new user in with a book in `language` and a topic whose draft is `preview`, and opens its Preview tab. */
async function openDraft(
  locale: "en-US" | "vi-VN",
  language: "en" | "vi",
  preview: string,
  topicTitle = "Moving house",
  server: RunningServer = env.server,
) {
  const user = await createUser(server);
  const watched = await openPage(env.browser, { locale, viewport: { width: 1280, height: 900 } });
  const { page } = watched;
  await signIn(page, server, user.username, user.password);
  const book = await createBook(server, page, { title: "Family book", language });
  const topicId = await createTopic(server, page, book.id, { title: topicTitle, preview });
  await page.goto(`${server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`);
  await waitForHydration(page);
  await page.locator(".topic-tab", { hasText: locale === "vi-VN" ? "Bản thảo" : "Preview" }).click();
  await page.locator("#topic-preview").waitFor({ state: "visible" });
  return { ...watched, topicId };
}

/** Opens one of the popovers by its summary's text and waits for its panel. */
async function openPopover(page: Page, name: string) {
  const details = page.locator("details.ai-popover", { has: page.locator("summary", { hasText: name }) });
  await details.locator("summary").click();
  await details.locator(".ai-panel").waitFor({ state: "visible" });
  return details;
}

async function topicStories(page: Page, topicId: number, server: RunningServer = env.server): Promise<unknown[]> {
  return (await (await page.request.get(`${server.url}/api/topics/${topicId}/stories`)).json()) as unknown[];
}

describe("Refine with AI", () => {
  it("puts the tidied text into the draft, which saves itself, and deletes its temporary story", async () => {
    const { page, assertNoErrors, topicId } = await openDraft("en-US", "en", MESSY_EN);
    const posts: Record<string, unknown>[] = [];
    const deletes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/topics/${topicId}/stories`))
        posts.push(request.postDataJSON());
      if (request.method() === "DELETE" && request.url().includes("/api/stories/"))
        deletes.push(new URL(request.url()).pathname);
    });

    const popover = await openPopover(page, "Refine with AI");
    expect(await popover.locator(".field-hint").textContent()).toContain(
      "Without an AI server, refining only tidies spaces",
    );
    await expectComfortableEditor(page);
    await expectNoAxeViolations(page);
    await page.getByLabel("What should change? (optional)").fill("make it warmer");
    await popover.getByRole("button", { name: "Refine", exact: true }).click();

    await page.locator(".ai-status", { hasText: "The refined text is now in the draft." }).waitFor();
    expect(await page.inputValue("#topic-preview")).toBe(CLEAN_EN);
    expect(await popover.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("topic-preview");
    await page.locator(".autosave-status", { hasText: "Saved" }).waitFor();
    expect(await savedPreview(env.server, page, topicId)).toBe(CLEAN_EN);

    // The spec's flow: a temporary draft story with refineContent, deleted again.
    expect(posts).toEqual([
      expect.objectContaining({
        content: MESSY_EN,
        status: "draft",
        refineContent: true,
        additionalRefinementInfo: "make it warmer",
        topicId,
      }),
    ]);
    expect(deletes).toHaveLength(1);
    expect(await topicStories(page, topicId)).toEqual([]);
    assertNoErrors();
  });

  it("says 'Lỗi tinh chỉnh' when refining fails, keeps the text and still removes nothing of the topic's", async () => {
    const { page, assertNoErrors, topicId } = await openDraft("vi-VN", "vi", SHORT_VI, "Tuổi thơ", failing.server);
    failing.fake.enqueue(reply.status(500), reply.status(500));
    const popover = await openPopover(page, "Tinh chỉnh bằng AI");
    await popover.getByRole("button", { name: "Tinh chỉnh", exact: true }).click();
    await waitForToast(page, "Lỗi tinh chỉnh");
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "Không thể tinh chỉnh nội dung. Văn bản gốc vẫn được giữ nguyên.",
    );
    expect(await page.inputValue("#topic-preview")).toBe(SHORT_VI);
    expect(await page.locator("#topic-preview").getAttribute("readonly")).toBeNull();
    expect(await savedPreview(failing.server, page, topicId)).toBe(SHORT_VI);
    expect(await topicStories(page, topicId, failing.server)).toEqual([]);
    assertNoErrors([{ path: `/api/topics/${topicId}/stories`, status: 502 }]);
  });

  it("asks for content first: an empty draft gets 'Missing content' and no request", async () => {
    const { page, assertNoErrors, topicId } = await openDraft("en-US", "en", "");
    let requests = 0;
    page.on("request", (request) => void (request.method() === "POST" && (requests += 1)));
    const refine = await openPopover(page, "Refine with AI");
    await refine.getByRole("button", { name: "Refine", exact: true }).click();
    await waitForToast(page, "Missing content");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Please enter content to refine.");

    await page.keyboard.press("Escape");
    const suggestions = await openPopover(page, "Content suggestions");
    await suggestions.getByRole("button", { name: "Get suggestions" }).click();
    await toast(page)
      .locator(".toast-message", { hasText: /^Please enter content to get improvement suggestions\.$/ })
      .waitFor();
    expect(requests).toBe(0);
    expect(await topicStories(page, topicId)).toEqual([]);
    assertNoErrors();
  });
});

describe("Content suggestions", () => {
  it(
    "lists suggestions and strengths in the book's language; " +
      "Apply appends one after a confirmation, by keyboard too",
    async () => {
      const { page, assertNoErrors, topicId } = await openDraft("vi-VN", "vi", SHORT_VI, "Tuổi thơ");
      const popover = await openPopover(page, "Gợi ý nội dung");
      await popover.getByRole("button", { name: "Nhận gợi ý" }).click();
      const items = popover.locator("ol.ai-list > li > p:first-child");
      await items.first().waitFor();
      const suggestions = await items.allTextContents();
      expect(suggestions[0]).toMatch(/^Câu chuyện còn ngắn \(8 chữ\)\./);
      expect(suggestions).toContain(
        "Hãy cho biết những ai có mặt: gọi tên những người trong câu chuyện và mối quan hệ của họ với bạn.",
      );
      expect(await popover.locator("h3").allTextContents()).toEqual(["Gợi ý", "Điểm mạnh"]);
      expect(await popover.locator("ul.ai-list > li").allTextContents()).toEqual([
        "Có mốc thời gian (Hồi nhỏ).",
        "Có nói rõ nơi chốn (làng).",
      ]);
      await expectComfortableEditor(page);
      await expectNoAxeViolations(page);

      // Apply asks first; Cancel goes back to the same Apply button and changes nothing.
      const apply2 = popover.getByRole("button", { name: "Áp dụng gợi ý 2" });
      await apply2.click();
      const confirm = popover.getByRole("group", { name: "Thêm gợi ý này vào cuối bản thảo?" });
      await confirm.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Thêm vào bản thảo");
      await expectNoAxeViolations(page);
      await confirm.getByRole("button", { name: "Hủy" }).click();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Áp dụng gợi ý 2");
      expect(await page.inputValue("#topic-preview")).toBe(SHORT_VI);

      // By keyboard: Enter on Apply, Enter on the confirmation.
      await page.keyboard.press("Enter");
      await confirm.waitFor();
      await page.keyboard.press("Enter");
      await popover.locator("[role=status]", { hasText: "Đã thêm gợi ý vào cuối bản thảo." }).waitFor();
      const expected = `${SHORT_VI}\n\n${suggestions[1]}`;
      expect(await page.inputValue("#topic-preview")).toBe(expected);
      expect(await popover.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
      await page.locator(".autosave-status", { hasText: "Đã lưu" }).waitFor();
      expect(await savedPreview(env.server, page, topicId)).toBe(expected);
      assertNoErrors();
    },
  );

  it("says it cannot create suggestions when the server fails, and leaves the draft alone", async () => {
    const { page, assertNoErrors, topicId } = await openDraft("en-US", "en", MESSY_EN, "Moving house", failing.server);
    failing.fake.enqueue(reply.status(500), reply.status(500));
    const popover = await openPopover(page, "Content suggestions");
    await popover.getByRole("button", { name: "Get suggestions" }).click();
    await waitForToast(page, "Error");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Cannot create improvement suggestions");
    expect(await popover.locator("ol.ai-list > li").count()).toBe(0);
    expect(await page.inputValue("#topic-preview")).toBe(MESSY_EN);
    expect(await savedPreview(failing.server, page, topicId)).toBe(MESSY_EN);
    assertNoErrors([{ path: "/api/stories/suggest-improvements", status: 502 }]);
  });
});

describe("without JavaScript", () => {
  it("the popovers are not offered (they could not work), and the draft is still a plain field", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    await loginThroughForm(page, env.server.url, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Family book", language: "en" });
    const topicId = await createTopic(env.server, page, book.id, { title: "Work", preview: "At the mill." });
    await page.goto(`${env.server.url}/books/${book.id}?openEditor=topic&topicId=${topicId}`);
    await page.locator(".topic-tab", { hasText: "Preview" }).click();
    expect(await page.inputValue("#topic-preview")).toBe("At the mill.");
    // Refine and Content suggestions need JavaScript; the image note is plain HTML and stays.
    expect(await page.locator("details.ai-popover").allTextContents()).toEqual([expect.stringMatching(/^Add images/)]);
    assertNoErrors();
  });
});
