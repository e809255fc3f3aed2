import { describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, toast, waitForHydration } from "./helpers";

// The AI's own words in a topic's draft (issue 35), on a 390 px phone in Vietnamese with a slow CPU, with and without
// JavaScript: set apart under their label, kept with one button, after which they read as the draft's own.
const env = serverAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };
const BRIDGE = "Rồi một mùa hè khác đến.";
// A draft as a model writes it when told to mark its own words (the HTTP tests drive the model itself).
const DRAFT = `Nhà bà ở cạnh bến sông.\n\n[AI: ${BRIDGE}]\n\nTết nào mẹ cũng dẫn bà đi chợ.`;

for (const javaScriptEnabled of [true, false]) {
  describe(`the AI's words in a draft on a phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    it("are shown apart with their label, and kept as the draft's own words with one button", async () => {
      const user = await createUser(env.server);
      const { page, assertNoErrors } = await openPage(env.browser, { ...PHONE, javaScriptEnabled });
      const login = await page.context().request.post(`${env.server.url}/api/auth/login`, {
        data: { username: user.username, password: user.password },
      });
      expect(login.status()).toBe(200);
      if (javaScriptEnabled) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      }
      const headers = { Origin: env.server.url };
      const post = async (path: string, data: unknown) =>
        (await (await page.request.post(`${env.server.url}${path}`, { data, headers })).json()) as { id: number };
      const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
      const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
      await post(`/api/topics/${topic.id}/stories`, { title: "Bến sông", content: "Nhà bà.", status: "published" });
      await page.request.put(`${env.server.url}/api/topics/${topic.id}`, { data: { preview: DRAFT }, headers });

      await page.goto(`${env.server.url}/books/${book.id}?ptab=topic&ptopic=${topic.id}`);
      if (javaScriptEnabled) await waitForHydration(page);
      const words = page.locator(".preview-ai");
      await words.waitFor();
      expect(await words.locator(".preview-ai-label").textContent()).toBe(vi.preview.aiWordsLabel);
      expect(await words.locator(".preview-ai-text").textContent()).toBe(BRIDGE);
      // Nothing of the marker shows.
      expect(await page.locator(".preview-panel").textContent()).not.toContain("[AI:");
      const keep = words.getByRole("button", { name: vi.preview.keepAiWords });
      const target = (await keep.boundingBox())!;
      expect(target.height).toBeGreaterThanOrEqual(44);
      // axe runs in the page: with JavaScript only.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      await keep.click();
      await expect.poll(() => toast(page).locator(".toast-title").textContent()).toBe(vi.preview.aiWordsKept);
      await expect.poll(() => words.count()).toBe(0);
      await page.locator(".preview-text p", { hasText: BRIDGE }).waitFor();
      const saved = (await (await page.request.get(`${env.server.url}/api/topics/${topic.id}`)).json()) as {
        preview: string;
      };
      expect(saved.preview).toBe(DRAFT.replace(`[AI: ${BRIDGE}]`, BRIDGE));
      assertNoErrors();
    });
  });
}
