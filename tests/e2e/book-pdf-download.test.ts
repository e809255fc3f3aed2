import { describe, expect, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, waitForHydration } from "./helpers";

// The download dialog's button, clicked: the browser saves a PDF and the page stays where it was. It needs the PDF
// route (GET /api/books/{id}/book.pdf, issue 19), which lands apart from the dialog; book-pdf-dialog.test.ts checks
// the dialog's form without it.

const env = serverAndBrowser();

for (const javaScriptEnabled of [true, false]) {
  describe(`downloading the book ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("saves the PDF in the size chosen, and the dialog stays open", async () => {
      const user = await createUser(env.server);
      const { page, context, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled });
      const headers = { Origin: env.server.url };
      await context.request.post(`${env.server.url}/api/auth/login`, {
        data: { username: user.username, password: user.password, rememberMe: false },
      });
      const post = async (url: string, data: unknown) =>
        (await (await context.request.post(`${env.server.url}${url}`, { data, headers })).json()) as { id: number };
      const book = await post("/api/books", { title: "Grandma's river", language: "en" });
      const topic = await post(`/api/books/${book.id}/topics`, { title: "Childhood" });
      await post(`/api/topics/${topic.id}/stories`, {
        title: "The river",
        content: "She grew up by the river.",
        status: "published",
      });
      await page.goto(`${env.server.url}/books/${book.id}?dialog=pdf`);
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Download the book (PDF)" });
      await dialog.getByRole("radio", { name: "A5" }).check();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Download the PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(new URL(download.url()).pathname).toBe(`/api/books/${book.id}/book.pdf`);
      expect(new URL(download.url()).searchParams.get("size")).toBe("a5");
      expect(await download.failure()).toBeNull();
      expect(new URL(page.url()).search).toBe("?dialog=pdf");
      expect(await dialog.isVisible()).toBe(true);
      assertNoErrors();
    });
  });
}
