import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { longText } from "../support/large-book";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, waitForHydration } from "./helpers";

// The download dialog's button, clicked: the browser saves a PDF. With JavaScript the dialog shows how far a long book
// has got ("Preparing your book… page 412 of ~1,200") and stays open; without, the keepsake page says the book is
// being prepared and refreshes itself until the browser saves it (issue 38). book-pdf-dialog.test.ts checks the
// dialog's form, keepsake-jobs.test.ts the job behind it.

const env = serverAndBrowser();

/** Signs the context's user in and makes a book of `stories` completed stories of `chars` characters each. */
async function bookOf(context: BrowserContext, { stories, chars }: { stories: number; chars: number }) {
  const user = await createUser(env.server);
  const headers = { Origin: env.server.url };
  await context.request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  const post = async (url: string, data: unknown) =>
    (await (await context.request.post(`${env.server.url}${url}`, { data, headers })).json()) as { id: number };
  const book = await post("/api/books", { title: "Grandma's river", language: "en" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Childhood" });
  for (let i = 0; i < stories; i++)
    await post(`/api/topics/${topic.id}/stories`, {
      title: `The river ${i + 1}`,
      content: chars ? longText(chars, `The river ${i + 1}`) : "She grew up by the river.",
      status: "published",
    });
  return book;
}

for (const javaScriptEnabled of [true, false]) {
  describe(`downloading the book ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("saves the PDF in the size chosen", async () => {
      const { page, context, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled });
      const book = await bookOf(context, { stories: 1, chars: 0 });
      await page.goto(`${env.server.url}/books/${book.id}?dialog=pdf`);
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Download the book" });
      const form = dialog.locator("form.pdf-download");
      await form.getByRole("radio", { name: "A5" }).check();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        form.getByRole("button", { name: "Download the PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(new URL(download.url()).pathname).toBe(`/api/books/${book.id}/book.pdf`);
      expect(new URL(download.url()).searchParams.get("size")).toBe("a5");
      expect(await download.failure()).toBeNull();
      // The page stays where it was: the keepsake page, ready at once, sent the browser straight to the file.
      expect(new URL(page.url()).search).toBe("?dialog=pdf");
      expect(await dialog.isVisible()).toBe(true);
      // With JavaScript the dialog says the book is ready, with a link in case the browser did not save it.
      if (javaScriptEnabled)
        await expect.poll(() => form.getByRole("status").textContent()).toContain("Your book is ready");
      assertNoErrors();
    });

    it("of a long book shows how far it has got, then saves it", { timeout: 300_000 }, async () => {
      const { page, context, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled });
      // 400 stories of 10,000 characters: some 2,400 pages, seconds of layout.
      const book = await bookOf(context, { stories: 400, chars: 10_000 });
      await page.goto(`${env.server.url}/books/${book.id}?dialog=pdf`);
      if (javaScriptEnabled) await waitForHydration(page);
      const form = page.getByRole("dialog", { name: "Download the book" }).locator("form.pdf-download");
      await form.getByRole("button", { name: "Download the PDF" }).click();
      const progress = /^Preparing your book… (about [\d,]+ pages|page [\d,]+ of ~[\d,]+)$/;
      if (javaScriptEnabled) {
        const download = page.waitForEvent("download", { timeout: 280_000 });
        await expect.poll(() => form.getByRole("status").textContent()).toMatch(progress);
        await expectNoAxeViolations(page);
        expect(await (await download).failure()).toBeNull();
      } else {
        await page.getByRole("heading", { name: "Preparing your book…" }).waitFor();
        expect(await page.locator("main").getByRole("status").textContent()).toMatch(progress);
        expect(await page.locator('meta[http-equiv="refresh"]').getAttribute("content")).toMatch(/^3;url=.*&poll=1$/);
        // It asks again by itself until the book is ready, then offers it: Chromium saves a file that a refresh
        // leads to only soon after a click.
        await page.getByRole("heading", { name: "Your book is ready" }).waitFor({ timeout: 280_000 });
        // axe runs with JavaScript on, as in the other tests of pages without it: the page is the same, sending none.
        const withScript = await openPage(env.browser);
        await withScript.context.addCookies(await context.cookies());
        await withScript.page.goto(page.url());
        await withScript.page.getByRole("heading", { name: "Your book is ready" }).waitFor();
        await expectNoAxeViolations(withScript.page);
        withScript.assertNoErrors();
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "Download the book" }).click(),
        ]);
        expect(await download.failure()).toBeNull();
      }
      assertNoErrors();
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the print shop's package and the e-book ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("are prepared from the same dialog, each saved as its file", { timeout: 120_000 }, async () => {
      const { page, context, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled });
      const book = await bookOf(context, { stories: 2, chars: 0 });
      await page.goto(`${env.server.url}/books/${book.id}?dialog=pdf`);
      if (javaScriptEnabled) await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: "Download the book" });
      const printShop = dialog.getByRole("form", { name: "For a print shop" });
      await printShop.getByRole("radio", { name: "A5" }).check();
      await printShop.getByRole("radio", { name: "White" }).check();
      // The book has no lasting link: the dialog says the back cover's code needs one.
      await printShop.getByText("A code on the back cover needs a family link that never expires.").waitFor();
      const [zip] = await Promise.all([
        page.waitForEvent("download"),
        printShop.getByRole("button", { name: "Prepare for a print shop" }).click(),
      ]);
      expect(new URL(zip.url()).pathname).toBe(`/api/books/${book.id}/print-package.zip`);
      expect(Object.fromEntries(new URL(zip.url()).searchParams)).toEqual({ size: "a5", paper: "white" });
      expect(zip.suggestedFilename()).toMatch(/\.zip$/);
      expect(await zip.failure()).toBeNull();
      const ebook = dialog.getByRole("form", { name: "E-book" });
      const [epub] = await Promise.all([
        page.waitForEvent("download"),
        ebook.getByRole("button", { name: "Prepare the e-book" }).click(),
      ]);
      expect(new URL(epub.url()).pathname).toBe(`/api/books/${book.id}/book.epub`);
      expect(epub.suggestedFilename()).toMatch(/\.epub$/);
      expect(await epub.failure()).toBeNull();
      expect(new URL(page.url()).search).toBe("?dialog=pdf");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      assertNoErrors();
    });
  });
}
