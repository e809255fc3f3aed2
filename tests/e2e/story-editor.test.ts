import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/dates";
import { pngBytes, webmBytes } from "../support/media-files";
import { expectNoAxeViolations, loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createUser, toast, waitForHydration } from "./helpers";

const env = serverAndBrowser();

type Json = Record<string, unknown> & { id: number };

/** A signed-in page and a small JSON client that shares its cookies (for setting up and for checking). */
async function signedInPage(javaScriptEnabled = true) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  await loginThroughForm(watched.page, env.server.url, user.username, user.password);
  const headers = { Origin: env.server.url };
  const api = {
    post: async (url: string, data: unknown) =>
      (await (await watched.page.request.post(`${env.server.url}${url}`, { data, headers })).json()) as Json,
    get: async <T>(url: string) => (await (await watched.page.request.get(`${env.server.url}${url}`)).json()) as T,
    delete: (url: string) => watched.page.request.delete(`${env.server.url}${url}`, { headers }),
  };
  return { ...watched, api };
}

async function open(page: Page, url: string, javaScriptEnabled: boolean) {
  await page.goto(`${env.server.url}${url}`);
  if (javaScriptEnabled) await waitForHydration(page);
}

/**
 * Presses keys on a focused drag handle, each time waiting for dnd-kit's announcement of that step.
 * dnd-kit starts listening for the arrow keys in a setTimeout after the pick-up; a timer queued after
 * the announcement has been seen runs after that one, so the next key is never lost.
 */
async function dragByKeyboard(page: Page, steps: readonly (readonly [string, string])[]) {
  for (const [key, said] of steps) {
    await page.keyboard.press(key);
    await page.locator("[aria-live]", { hasText: said }).waitFor({ state: "attached" });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

const tab = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });
const toastTitle = (page: Page) => toast(page).locator(".toast-title").textContent();
const questionLinks = (page: Page) => page.locator(".story-panel .question-list a").allTextContents();

for (const javaScriptEnabled of [true, false]) {
  describe(`the story editor ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("starts a new story from the interview questions, answers one, and no longer offers it", async () => {
      const { page, api, assertNoErrors } = await signedInPage(javaScriptEnabled);
      const book = await api.post("/api/books", { title: "Family book", language: "en" });
      const topic = await api.post(`/api/books/${book.id}/topics`, { title: "Childhood" });
      const first = await api.post(`/api/topics/${topic.id}/questions`, { question: "Where were you born?" });
      await api.post(`/api/topics/${topic.id}/questions`, { question: "Who were your friends?" });
      await open(page, `/books/${book.id}?openEditor=story&topicId=${topic.id}`, javaScriptEnabled);

      // Unanswered questions exist and none is chosen: the questions tab opens first.
      expect(await tab(page, "Interview questions").isChecked()).toBe(true);
      expect(await questionLinks(page)).toEqual(["Where were you born?", "Who were your friends?"]);
      expect(await page.locator("#content").isVisible()).toBe(false);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      // The tabs switch by CSS alone, and back.
      await page.getByText("Manual story", { exact: true }).click();
      await page.locator("#content").waitFor({ state: "visible" });
      expect(await page.locator(".story-panel .question-list").isVisible()).toBe(false);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByText("Interview questions", { exact: true }).click();
      await page.locator(".story-panel .question-list").waitFor({ state: "visible" });

      // Choosing a question opens the answer form, titled with the question (short: without its question mark).
      await page.getByRole("link", { name: "Where were you born?" }).click();
      await expect.poll(() => page.inputValue("#title")).toBe("Where were you born");
      await expect.poll(() => tab(page, "Manual story").isChecked()).toBe(true);
      expect(await page.inputValue("#title")).toBe("Where were you born");
      await page.fill("#content", "In a house by the Perfume River.");
      await page.getByRole("button", { name: "Complete" }).click();
      await expect.poll(() => toastTitle(page)).toBe("Story completed");
      const storyId = (await api.get<{ id: number }[]>(`/api/topics/${topic.id}/stories`))[0]!.id;
      expect(await api.get(`/api/stories/${storyId}`)).toMatchObject({
        questionId: first.id,
        status: "published",
        title: "Where were you born",
      });
      const questions = await api.get<{ question: string; answered: boolean }[]>(`/api/topics/${topic.id}/questions`);
      expect(questions.map((q) => [q.question, q.answered])).toEqual([
        ["Where were you born?", true],
        ["Who were your friends?", false],
      ]);

      await open(page, `/books/${book.id}?openEditor=story&topicId=${topic.id}`, javaScriptEnabled);
      expect(await questionLinks(page)).toEqual(["Who were your friends?"]);
      assertNoErrors();
    });

    it("adds a custom question from its dialog: a blank one is refused, a real one is listed", async () => {
      const { page, api, assertNoErrors } = await signedInPage(javaScriptEnabled);
      const book = await api.post("/api/books", { title: "Question book", language: "en" });
      const topic = await api.post(`/api/books/${book.id}/topics`, { title: "Work" });
      await open(page, `/books/${book.id}?openEditor=story&topicId=${topic.id}`, javaScriptEnabled);

      // No question to answer yet: the form opens first, and the questions tab says there is none.
      expect(await tab(page, "Manual story").isChecked()).toBe(true);
      await page.getByText("Interview questions", { exact: true }).click();
      await page.getByText("This topic has no unanswered questions.", { exact: false }).waitFor();
      await Promise.all([
        page.waitForURL(/addQuestion=1/),
        page.getByRole("link", { name: "Add a custom question" }).click(),
      ]);
      const dialog = page.getByRole("dialog", { name: "Add a custom question" });
      await dialog.waitFor();
      expect(await tab(page, "Interview questions").isChecked()).toBe(true);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await page.fill("#custom-question", "   ");
      await dialog.getByRole("button", { name: "Add question" }).click();
      if (javaScriptEnabled) {
        // Refused beside the field, in the dialog, which stays open.
        await expect.poll(() => page.locator("#custom-question-error").textContent()).toBe("Câu hỏi trống");
        expect(await page.locator("#custom-question").getAttribute("aria-invalid")).toBe("true");
        await expectNoAxeViolations(page);
        await page.fill("#custom-question", "What was your first job?");
        await Promise.all([
          page.waitForURL((url) => !url.search.includes("addQuestion")),
          dialog.getByRole("button", { name: "Add question" }).click(),
        ]);
      } else {
        // Without JavaScript the topic page answers with the error, and its form still leads back.
        await page.waitForURL(new RegExp(`/books/${book.id}/topics/${topic.id}$`));
        expect(await page.locator("#question-error").textContent()).toBe("Câu hỏi trống");
        await page.fill("#question", "What was your first job?");
        await Promise.all([
          page.waitForURL(new RegExp(`/books/${book.id}(\\?|$)`)),
          page.getByRole("button", { name: "Add", exact: true }).click(),
        ]);
      }
      // Back in the workspace's story editor for that topic (with JavaScript its parameters then leave the address).
      expect(new URL(page.url()).pathname).toBe(`/books/${book.id}`);
      await page.getByRole("heading", { name: "New story" }).waitFor();
      await expect.poll(() => toastTitle(page)).toBe("Question added");
      expect(await tab(page, "Interview questions").isChecked()).toBe(true);
      expect(await questionLinks(page)).toEqual(["What was your first job?"]);
      expect(await page.getByRole("dialog").count()).toBe(0);
      // The failed try is the one 400 this test provokes (a fetcher post with JavaScript, a page without).
      assertNoErrors([
        { path: `/books/${book.id}/topics/${topic.id}.data`, status: 400 },
        { path: `/books/${book.id}/topics/${topic.id}`, status: 400 },
      ]);
    });

    it("shows an existing story's Edit and Media files tabs, with Delete story and Done", async () => {
      const { page, api, assertNoErrors } = await signedInPage(javaScriptEnabled);
      const book = await api.post("/api/books", { title: "Media book", language: "en" });
      const topic = await api.post(`/api/books/${book.id}/topics`, { title: "Travels" });
      const story = await api.post(`/api/topics/${topic.id}/stories`, {
        title: "Hạ Long",
        content: "The boat left at dawn.",
      });
      await open(page, `/books/${book.id}?storyId=${story.id}`, javaScriptEnabled);

      expect(await tab(page, "Edit").isChecked()).toBe(true);
      expect(await page.inputValue("#title")).toBe("Hạ Long");
      expect(await page.getByRole("link", { name: "Delete story" }).getAttribute("href")).toBe(
        `/books/${book.id}/topics/${topic.id}?deleteStory=${story.id}`,
      );
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByText("Media files", { exact: true }).click();
      await page.getByText("This story has no images or recordings yet.").waitFor();
      expect(await page.locator("#content").isVisible()).toBe(false);
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      // A photo and a recording, uploaded through the API the media issue built.
      const upload = async (
        type: "image" | "audio",
        file: { name: string; mimeType: string; buffer: Buffer },
        description?: string,
      ) => {
        const response = await page.request.post(`${env.server.url}/api/stories/${story.id}/media`, {
          headers: { Origin: env.server.url },
          multipart: { type, ...(description ? { description } : {}), file },
        });
        expect(response.status()).toBe(201);
        return (await response.json()) as { createdAt: string };
      };
      const photo = Buffer.from(await pngBytes(40, 30, "#336699"));
      const waves = Buffer.from(webmBytes(1024));
      const { createdAt } = await upload(
        "image",
        { name: "bay.png", mimeType: "image/png", buffer: photo },
        "The bay from the boat",
      );
      await upload("audio", { name: "waves.webm", mimeType: "audio/webm", buffer: waves });
      await open(page, `/books/${book.id}?storyId=${story.id}`, javaScriptEnabled);
      await page.getByText("Media files", { exact: true }).click();
      const items = page.locator(".media-item");
      await items.first().waitFor();
      const when = formatDateTime(createdAt, Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await items.allInnerTexts()).toEqual([
        expect.stringMatching(/^Photo\s+Added /),
        expect.stringMatching(/^Recording\s+Added /),
      ]);
      expect(await items.first().textContent()).toContain(`Added ${when}`);
      expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(await items.first().getByLabel("Description", { exact: true }).inputValue()).toBe("The bay from the boat");
      expect(await items.nth(1).getByLabel("Description", { exact: true }).inputValue()).toBe("");
      expect(await items.first().locator("img").getAttribute("alt")).toBe("The bay from the boat");
      expect(await items.nth(1).locator("audio").getAttribute("aria-label")).toBe("waves.webm");
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await Promise.all([
        page.waitForURL(`${env.server.url}/books/${book.id}`),
        page.getByRole("link", { name: "Done" }).click(),
      ]);
      await expect.poll(() => page.getByRole("radio", { name: "Media files" }).count()).toBe(0);
      assertNoErrors();
    });
  });
}

describe("reordering stories by drag and drop", () => {
  it(
    "moves a story with the keyboard drag handle, " + "keeps topic dragging working, and puts a failed order back",
    async () => {
      const { page, api, assertNoErrors } = await signedInPage();
      const book = await api.post("/api/books", { title: "Sortable stories", language: "en" });
      const home = await api.post(`/api/books/${book.id}/topics`, { title: "Home" });
      const school = await api.post(`/api/books/${book.id}/topics`, { title: "School" });
      const stories: Json[] = [];
      for (const title of ["Kitchen", "Garden", "Roof"])
        stories.push(
          await api.post(`/api/topics/${home.id}/stories`, { title, content: `The ${title}.`, status: "published" }),
        );
      await api.post(`/api/topics/${school.id}/stories`, { title: "First day", content: "Rain.", status: "published" });
      const order = async (topicId: number) =>
        (await api.get<{ title: string }[]>(`/api/topics/${topicId}/stories`)).map((s) => s.title);
      await open(page, `/books/${book.id}?openEditor=topic`, true);

      const handle = page.getByRole("button", { name: /^Drag Kitchen to reorder/ });
      await handle.waitFor();
      await expectNoAxeViolations(page);
      // The story handle's screen-reader instructions talk about a story, not a topic.
      const describedBy = await handle.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^To pick up a story/);
      await handle.focus();
      // dnd-kit says "Picked up …" and at once where the item is over: the second stays in the live region.
      await dragByKeyboard(page, [
        ["Space", "Kitchen is now at position 1 of 3."],
        ["ArrowDown", "Kitchen is now at position 2 of 3."],
        ["Space", "Kitchen was dropped at position 2 of 3."],
      ]);
      await expect.poll(() => order(home.id), { timeout: 10_000 }).toEqual(["Garden", "Kitchen", "Roof"]);
      const tocTitles = (topicTitle: string) =>
        page
          .getByRole("list", { name: `Stories of ${topicTitle}` })
          .locator("a")
          .allTextContents();
      await expect.poll(() => tocTitles("Home")).toEqual(["Garden", "Kitchen", "Roof"]);

      // The topics' own drag and drop still works around the nested story lists.
      const topicHandle = page.getByRole("button", { name: /^Drag School to reorder/ });
      await topicHandle.focus();
      await dragByKeyboard(page, [
        ["Space", "School is now at position 2 of 2."],
        ["ArrowUp", "School is now at position 1 of 2."],
        ["Space", "School was dropped at position 1 of 2."],
      ]);
      const topicOrder = async () =>
        (await api.get<{ title: string }[]>(`/api/books/${book.id}/topics`)).map((t) => t.title);
      await expect.poll(topicOrder, { timeout: 10_000 }).toEqual(["School", "Home"]);
      await expect.poll(() => page.locator(".topic-list .item-title a").allTextContents()).toEqual(["School", "Home"]);

      // A story deleted elsewhere makes the page's order stale: the server refuses it, the page says
      // 'Update failed' and shows the server's order again.
      expect((await api.delete(`/api/stories/${stories[2]!.id}`)).status()).toBe(200);
      const garden = page.getByRole("button", { name: /^Drag Garden to reorder/ });
      await garden.focus();
      await dragByKeyboard(page, [
        ["Space", "Garden is now at position 1 of 3."],
        ["ArrowDown", "Garden is now at position 2 of 3."],
        ["Space", "Garden was dropped at position 2 of 3."],
      ]);
      await expect.poll(() => toastTitle(page)).toBe("Update failed");
      await expect.poll(() => tocTitles("Home")).toEqual(["Garden", "Kitchen"]);
      expect(await order(home.id)).toEqual(["Garden", "Kitchen"]);
      assertNoErrors([{ path: `/api/topics/${home.id}/reorder-stories`, status: 400 }]);
    },
  );
});
