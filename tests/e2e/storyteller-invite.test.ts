import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, openPage, serverAndBrowser } from "../support/browser";
import { createUser, waitForHydration, waitForToast } from "./helpers";

// The family's side of the storyteller's door (issue 18): the invite dialog with and without JavaScript, and an
// answer she sends that the family sees, completes, and then finds on the share page.

const env = serverAndBrowser();

/** A signed-in owner with a Vietnamese book: two topics, each with a question, and an archived one. */
async function ownerWithBook(javaScriptEnabled: boolean) {
  const user = await createUser(env.server);
  const watched = await openPage(env.browser, {
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const request = watched.context.request;
  const headers = { Origin: env.server.url };
  const login = await request.post(`${env.server.url}/api/auth/login`, {
    data: { username: user.username, password: user.password, rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const post = async (url: string, data: unknown) =>
    (await (await request.post(`${env.server.url}${url}`, { data, headers })).json()) as {
      id: number;
      url: string;
    };
  const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
  const childhood = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  const work = await post(`/api/books/${book.id}/topics`, { title: "Đi làm" });
  const archived = await post(`/api/books/${book.id}/topics`, { title: "Chủ đề cũ" });
  await request.put(`${env.server.url}/api/topics/${archived.id}`, { data: { archived: true }, headers });
  await post(`/api/topics/${childhood.id}/questions`, { question: "Bà lớn lên ở đâu?" });
  await post(`/api/topics/${work.id}/questions`, { question: "Bà làm nghề gì?" });
  const open = async (page: Page, url: string) => {
    await page.goto(`${env.server.url}${url}`);
    if (javaScriptEnabled) await waitForHydration(page);
  };
  return { ...watched, book, post, open };
}

for (const javaScriptEnabled of [true, false]) {
  describe(`inviting the storyteller ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    it("makes her link from Share, shows it once with its card, lists it and revokes it", async () => {
      const { page, book, open, assertNoErrors } = await ownerWithBook(javaScriptEnabled);
      await open(page, `/books/${book.id}`);
      await page.getByRole("link", { name: "Share", exact: true }).click();
      await page.getByRole("link", { name: "Invite the storyteller" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite the storyteller" });
      await dialog.getByText("No storyteller links yet.").waitFor();
      // Every topic that is not archived is offered, and checked.
      expect(await dialog.getByRole("checkbox").count()).toBe(2);
      expect(await dialog.getByRole("checkbox", { name: "Tuổi thơ" }).isChecked()).toBe(true);
      expect(await dialog.getByRole("checkbox", { name: "Chủ đề cũ" }).count()).toBe(0);
      await dialog.getByLabel("The storyteller's name (optional)").fill("Bà Lan");
      await dialog.getByLabel("How the page addresses the storyteller").selectOption("ba");
      await dialog.getByRole("checkbox", { name: "Đi làm" }).uncheck();
      await dialog.getByLabel("The link works").selectOption("365");
      await dialog.getByRole("button", { name: "Create the storyteller's link" }).click();
      // Without JavaScript the new link and its card have a page of its own (issue 35); Done leads back to the list.
      if (javaScriptEnabled) await waitForToast(page, "Storyteller link created");
      else await page.getByRole("heading", { level: 1, name: "The storyteller's new link" }).waitFor();
      const shown = javaScriptEnabled ? dialog : page.getByRole("main");

      const link = await shown.getByLabel("The storyteller's link", { exact: true }).inputValue();
      expect(link).toMatch(new RegExp(`^${env.server.url}/tell/[A-Za-z0-9_-]{43}$`));
      const qr = shown.getByRole("img", { name: "QR code of the storyteller's link" });
      expect(await qr.evaluate((svg) => svg.tagName)).toBe("svg");
      expect(await qr.locator("path").getAttribute("d")).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
      // The card speaks the book's language, Vietnamese, though the family's screens are in English.
      const card = shown.getByRole("article", { name: "The card for the storyteller" });
      await card.getByText("Chào Bà Lan!").waitFor();
      expect(await card.locator("li").allTextContents()).toEqual([
        "Mở máy ảnh và hướng vào mã này",
        "Chạm vào đường liên kết",
        "Bấm Ghi âm và kể chuyện",
      ]);

      const print = shown.getByRole("button", { name: "Print the card" });
      if (javaScriptEnabled) {
        await expectNoAxeViolations(page);
        await shown.getByRole("button", { name: "Copy link" }).click();
        await waitForToast(page, "Link copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        expect(await print.isVisible()).toBe(true);
      } else {
        // Without JavaScript the button could do nothing: the browser's own Print prints the card.
        expect(await print.isVisible()).toBe(false);
      }
      // Printed, the page is the card alone.
      await page.emulateMedia({ media: "print" });
      expect(await card.isVisible()).toBe(true);
      expect(await qr.isVisible()).toBe(true);
      expect(await dialog.getByRole("button", { name: "Create the storyteller's link" }).isVisible()).toBe(false);
      expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(false);
      await page.emulateMedia({ media: "screen" });
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Done: back to the links" }).click();
      const item = dialog.getByRole("listitem").filter({ hasText: "Bà Lan" });
      await item.getByText("Not used yet").waitFor();
      await item.getByText("0 answers received").waitFor();
      await item.getByText(/^Works until \d{2}\/\d{2}\/\d{4}$/).waitFor();

      // Shown once: the dialog opened again lists the link, without it or its card.
      await open(page, `/books/${book.id}?dialog=storyteller`);
      await page.getByRole("dialog", { name: "Invite the storyteller" }).getByText("Not used yet").waitFor();
      expect(await page.getByLabel("The storyteller's link", { exact: true }).count()).toBe(0);
      expect(await page.locator(".storyteller-qr").count()).toBe(0);

      const teller = await openPage(env.browser, { javaScriptEnabled: false });
      expect((await teller.page.goto(link))!.status()).toBe(200);
      await page.getByRole("button", { name: "Revoke the link for Bà Lan" }).click();
      await waitForToast(page, "Storyteller link revoked");
      await page
        .getByRole("dialog", { name: "Invite the storyteller" })
        .getByText("No storyteller links yet.")
        .waitFor();
      expect((await teller.page.goto(link))!.status()).toBe(410);
      await teller.context.close();
      assertNoErrors();
      teller.assertNoErrors([{ path: new URL(link).pathname, status: 410 }]);
    });
  });
}

describe("an answer from the storyteller's link", () => {
  it("reaches the family as a new answer; completed, it appears on the share page", async () => {
    const owner = await ownerWithBook(true);
    const { page, book, post, open } = owner;
    const door = await post(`/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
    const share = await post(`/api/books/${book.id}/shares`, {});

    // She answers on a phone without JavaScript, in writing: her page's own form, posted by the browser.
    const teller = await openPage(env.browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await teller.page.goto(door.url);
    await teller.page.getByText("Bà lớn lên ở đâu?").waitFor();
    await teller.page.getByLabel("Hoặc viết câu trả lời").fill("Bà lớn lên ở Huế, cạnh sông Hương.");
    await Promise.all([
      teller.page.waitForEvent("load"),
      teller.page.getByRole("button", { name: "Gửi câu trả lời" }).click(),
    ]);
    expect(new URL(teller.page.url()).search).toBe("?sent=1");
    await teller.page.getByText("Bà làm nghề gì?").waitFor();
    await teller.context.close();

    // Not shared before the family completes it.
    const reader = await openPage(env.browser, { javaScriptEnabled: false });
    await reader.page.goto(share.url);
    expect(await reader.page.getByText("cạnh sông Hương").count()).toBe(0);

    await open(page, "/");
    await page.getByRole("link", { name: "Chuyện của bà: Bà Lan told 1 new story — review it" }).click();
    await page.getByText("Told by Bà Lan through their storyteller link.").waitFor();
    const text = page.getByRole("textbox", { name: "Your story" });
    expect(await text.inputValue()).toBe("Bà lớn lên ở Huế, cạnh sông Hương.");
    // The writing help loads when the page is idle and, as it appears under the text, pushes the form's buttons down:
    // on a busy machine that came between the click's press and release, and the click missed "Complete". Wait for
    // it. (The shift itself is a defect left open in issue 38's closing note.)
    await page.locator(".workspace-editor .writing-help").waitFor();
    await page.getByRole("button", { name: "Complete", exact: true }).click();
    await waitForToast(page, "Story completed");
    await open(page, `/books/${book.id}`);
    expect(await page.getByText(/told \d+ new stor/).count()).toBe(0);

    await reader.page.goto(share.url);
    await reader.page.getByText("Bà lớn lên ở Huế, cạnh sông Hương.").waitFor();
    await reader.context.close();
    owner.assertNoErrors();
  });
});
