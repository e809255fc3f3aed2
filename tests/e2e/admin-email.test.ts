import { beforeAll, describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { seedMailLog } from "../support/mail-log";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, waitForHydration } from "./helpers";
import { signedInSlowPhone } from "./slow-phone";

// The admin's Email tab (issue 37) on a 390 px phone in Vietnamese, with and without JavaScript: the Overview says how
// many emails failed this week and opens them, the filters are a form, the pages are links, the reasons read in the
// admin's language (or as the relay wrote them), and nothing widens the page past the screen.
const env = serverAndBrowser();
const t = vi.admin;

beforeAll(async () => {
  const owner = await createUser(env.server);
  const client = createClient(env.server.url);
  await loginAs(client, owner.username, owner.password);
  const book = (await (await client.json("POST", "/api/books", { title: "Quê nội", language: "vi" })).json()) as {
    id: number;
  };
  const link = (await (
    await client.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan", address: "ba" })
  ).json()) as { id: number };
  // 27 messages: 25 weekly questions (3 failed, 1 waiting for a retry), her reply, taken, and a stranger's, refused.
  await seedMailLog(env.server.database, { linkId: link.id, bookId: book.id });
});

describe.each([true, false])("the admin's Email tab on a Vietnamese phone (JavaScript %s)", (javaScriptEnabled) => {
  it("opens the week's failed emails from the Overview, filters with the form and pages with links", async () => {
    const admin = { username: "admin", password: ADMIN_PASSWORD };
    const { page, checkAxe, assertNoErrors } = await signedInSlowPhone(
      env.server,
      env.browser,
      javaScriptEnabled,
      admin,
    );
    const rows = page.locator("main table tbody tr");
    const subjects = () => rows.locator("td:nth-child(5)").allTextContents();
    const settled = async () => {
      await page.waitForLoadState();
      if (javaScriptEnabled) await waitForHydration(page);
    };
    const fitsTheScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    await page.goto(`${env.server.url}/admin`);
    await settled();
    const notice = page.getByRole("link", { name: t.mail.failedThisWeek_other.replace("{{count}}", "3") });
    await notice.click();
    await page.waitForURL((url) => url.searchParams.get("status") === "failed");
    await settled();
    await expect.poll(subjects).toEqual(["Câu hỏi tuần 24", "Câu hỏi tuần 23", "Câu hỏi tuần 22"]);
    const main = page.locator("main");
    expect(await main.innerText()).toContain("552 5.2.2 Mailbox full");
    expect(await main.innerText()).toContain(t.mail.reasons["not-sent"].paused);
    expect(await main.innerText()).toContain("Bà Lan");
    expect(await rows.first().locator(".badge").innerText()).toBe(t.mail.statuses.failed);
    expect(await fitsTheScreen()).toBe(true);
    await checkAxe();

    // The form: incoming mail that was refused, its reason in the admin's language.
    await page.getByLabel(t.mail.directionFilter, { exact: true }).selectOption("in");
    await page.getByLabel(t.mail.statusFilter, { exact: true }).selectOption("refused");
    await page.getByRole("button", { name: t.search, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "refused");
    await settled();
    await expect.poll(subjects).toEqual(["Re: Câu hỏi tuần 21"]);
    expect(await main.innerText()).toContain(t.mail.reasons.refused.sender);
    expect(await main.innerText()).toContain("stranger@example.net");

    // Everything, newest first, 20 a page; the next page is a link.
    await page.getByRole("link", { name: t.clear, exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has("status"));
    await settled();
    await expect.poll(() => rows.count()).toBe(20);
    expect((await subjects())[0]).toBe("Câu hỏi tuần 25");
    expect(await main.innerText()).toContain(t.mail.nextTry.replace(" {{time}}", ""));
    expect(await fitsTheScreen()).toBe(true);
    await checkAxe();
    await page.getByRole("link", { name: t.next, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await settled();
    await expect.poll(subjects).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `Câu hỏi tuần ${n}`));
    expect(await main.innerText()).toContain(t.page.replace("{{page}}", "2").replace("{{pages}}", "2"));
    assertNoErrors();
  });
});
