import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { webmBytes } from "../support/media-files";
import { createUser, waitForHydration, waitForToast } from "./helpers";

// The book's download dialog (issue 19), with and without JavaScript: its form to the PDF, and the family link it
// makes for the voice codes. The download itself is book-pdf-download.test.ts, which needs the PDF route.

const env = serverAndBrowser();

/** A signed-in owner with an English book: one completed story with a recording, and a link that expires. */
async function ownerWithBook(javaScriptEnabled: boolean) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, { javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  const request = watched.context.request;
  const headers = { Origin: env.server.url };
  const login = await request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async (url: string, data: unknown) =>
    (await (await request.post(`${env.server.url}${url}`, { data, headers })).json()) as { id: number };
  const book = await post("/api/books", { title: "Grandma's river", language: "en" });
  const topic = await post(`/api/books/${book.id}/topics`, { title: "Childhood" });
  const story = await post(`/api/topics/${topic.id}/stories`, {
    title: "The river",
    content: "She grew up by the river.",
    status: "published",
  });
  const voice = await request.post(`${env.server.url}/api/stories/${story.id}/media`, {
    headers,
    multipart: {
      type: "audio",
      file: { name: "voice.webm", mimeType: "audio/webm", buffer: Buffer.from(webmBytes()) },
    },
  });
  expect(voice.status()).toBe(201);
  await post(`/api/books/${book.id}/shares`, { expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  const open = async (page: Page, url: string) => {
    await page.goto(`${env.server.url}${url}`);
    if (javaScriptEnabled) await waitForHydration(page);
  };
  /** A click that posts: without JavaScript the browser loads the page the form answers with. */
  const submit = async (page: Page, button: Locator) => {
    if (javaScriptEnabled) await button.click();
    else await Promise.all([page.waitForEvent("load"), button.click()]);
  };
  const shares = async () =>
    (await (await request.get(`${env.server.url}/api/books/${book.id}/shares`)).json()) as {
      expiresAt: string | null;
    }[];
  return { ...watched, book, open, submit, shares };
}

/** What the download form would send, as the browser builds it. */
const formFields = (form: Locator) =>
  form.evaluate((element) => [...new FormData(element as HTMLFormElement)].map(([name, value]) => [name, value]));

for (const javaScriptEnabled of [true, false]) {
  describe(`the book's download dialog ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("offers the sizes in a plain GET form to the keepsake page, and makes the link the codes need", async () => {
      const { page, book, open, submit, shares, assertNoErrors } = await ownerWithBook(javaScriptEnabled);
      await open(page, `/books/${book.id}`);
      const opener = page.getByRole("link", { name: "Download the book" });
      if (javaScriptEnabled) await opener.click();
      else await Promise.all([page.waitForEvent("load"), opener.click()]);
      const dialog = page.getByRole("dialog", { name: "Download the book" });
      await dialog.waitFor();
      expect(new URL(page.url()).search).toBe("?dialog=pdf");

      // The download: a form the browser sends itself, so it works without JavaScript, to the keepsake page, which
      // sends it on to the PDF once it is ready (issue 38).
      const form = dialog.locator("form.pdf-download");
      expect(await form.getAttribute("method")).toBe("get");
      expect(await form.getAttribute("action")).toBe(`/books/${book.id}/keepsake`);
      const sizes = form.getByRole("group", { name: "Page size" });
      const radios = sizes.getByRole("radio");
      expect(await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
        "6x9",
        "a5",
        "letter",
      ]);
      expect(await sizes.getByRole("radio", { name: "6 × 9 in" }).isChecked()).toBe(true);
      expect(await formFields(form)).toEqual([["size", "6x9"]]);
      await sizes.getByRole("radio", { name: "US Letter" }).check();
      expect(await formFields(form)).toEqual([["size", "letter"]]);
      await sizes.getByRole("radio", { name: "A5" }).check();
      expect(await formFields(form)).toEqual([["size", "a5"]]);
      expect(await dialog.getByRole("button", { name: "Download the PDF" }).getAttribute("type")).toBe("submit");

      // A link that expires cannot be printed: the dialog says no codes, and offers a lasting one.
      await dialog
        .getByText("No voice codes will be printed: the book has no family link that never expires.")
        .waitFor();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await submit(page, dialog.getByRole("button", { name: "Create a family link for the codes" }));
      await waitForToast(page, "Link created");
      const said =
        "^Beside each recorded story, a code opens its recording on the family link made on \\d{2}/\\d{2}/\\d{4}\\. ";
      const status = dialog.getByText(new RegExp(`${said}1 completed story has a recording\\.$`));
      await status.waitFor();
      expect(new URL(page.url()).search).toBe("?dialog=pdf");
      expect(await dialog.getByRole("button", { name: "Create a family link for the codes" }).count()).toBe(0);
      expect((await shares()).map((share) => share.expiresAt === null)).toEqual([true, false]);
      // The link is not shown here: its token stays on the server.
      expect(await page.content()).not.toMatch(/\/s\/[A-Za-z0-9_-]{43}/);
      if (javaScriptEnabled) {
        // The button that had the focus is gone: the focus is on what the dialog now says.
        expect(await status.evaluate((element) => element === document.activeElement)).toBe(true);
        await expectNoAxeViolations(page);
      }

      // Share is where the family sends or revokes that link.
      const share = dialog.getByRole("link", { name: "Open Share" });
      if (javaScriptEnabled) await share.click();
      else await Promise.all([page.waitForEvent("load"), share.click()]);
      await page.getByRole("dialog", { name: "Share this book" }).getByText("Works until revoked").waitFor();
      assertNoErrors();
    });
  });
}

describe("the book's download dialog by keyboard", () => {
  it("opens from the book's card, keeps the focus inside, and gives it back on Escape", async () => {
    const { page, book, open, assertNoErrors } = await ownerWithBook(true);
    await open(page, `/books/${book.id}`);
    const opener = page.getByRole("link", { name: "Download the book" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Download the book" });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    // Its four stops, the first one focused as it opens: Close, the button that makes the link, the page sizes (one
    // stop for the group) and Download.
    const stops = [];
    for (let i = 0; i < 4; i++) {
      if (i > 0) await page.keyboard.press("Tab");
      stops.push(
        await dialog.evaluate((element) => {
          const focused = document.activeElement as HTMLInputElement | null;
          if (!focused || !element.contains(focused)) return "outside";
          return focused.labels?.[0]?.textContent ?? focused.textContent;
        }),
      );
    }
    expect(stops).toEqual(["×", "Create a family link for the codes", "6 × 9 in", "Download the PDF"]);
    await page.keyboard.press("Escape");
    await page.waitForURL(`${env.server.url}/books/${book.id}`);
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    assertNoErrors();
  });
});
