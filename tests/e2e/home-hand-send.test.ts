import { describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { expectNoAxeViolations, serverAndBrowser } from "../support/browser";
import { waitForToast } from "./helpers";
import { phone } from "./phone-workspace";

// The week's question sent by hand (issue 37), on the owner's Home on a 390 px phone in Vietnamese, with and without
// JavaScript: the server has no SMTP, so "send now" prepares the message for the family. The card shows it with her
// honorific and her link on the question; Share (the phone's share sheet, stubbed here as the browser's own API) and
// Copy pass it on; "Mark as sent" takes the card away for good.
const env = serverAndBrowser();
const t = vi.handSend;

type Shared = { text?: string; url?: string; title?: string };

describe.each([true, false])("the week's question to send by hand, on Home (JavaScript %s)", (javaScriptEnabled) => {
  it("shows the message with her honorific and link, shares and copies it, and is marked sent", async () => {
    const watched = await phone(env, javaScriptEnabled, { slowCpu: true });
    const { page, context, post, open, assertNoErrors } = watched;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
    // The phone's share sheet is the outside world: the page's navigator.share records what it was given.
    await context.addInitScript(() => {
      const calls: Shared[] = [];
      Object.assign(window, { sharedByTest: calls });
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: Shared) => {
          calls.push(data);
        },
      });
    });

    const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
    const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
    const question = await post(`/api/topics/${topic.id}/questions`, { question: "Bà lớn lên ở đâu?" });
    const newLink = async (name: string, address: string) =>
      (await post(`/api/books/${book.id}/storyteller-links`, { name, address })) as unknown as {
        id: number;
        url: string;
      };
    const lan = await newLink("Bà Lan", "ba");
    const tu = await newLink("Ông Tư", "ong");
    for (const link of [lan, tu])
      expect(await post(`/api/storyteller-links/${link.id}/send`, {})).toEqual({
        questionId: question.id,
        channel: "hand",
      });

    await open("/");
    const card = page.getByRole("region", { name: t.title.replace("{{name}}", "Bà Lan") });
    await card.waitFor();
    const url = `${lan.url}?questionId=${question.id}`;
    const message = `Thưa bà,\nTuần này con muốn nghe bà kể:\n\nBà lớn lên ở đâu?\n\n${url}`;
    expect(await card.locator("blockquote").textContent()).toBe(message);
    expect(await card.getByRole("link", { name: url }).getAttribute("href")).toBe(url);
    // Ông Tư is asked as "ông" in his own card.
    const tuCard = page.getByRole("region", { name: t.title.replace("{{name}}", "Ông Tư") });
    expect(await tuCard.locator("blockquote").textContent()).toMatch(/^Thưa ông,\nTuần này con muốn nghe ông kể:/);

    const share = card.getByRole("button", { name: t.share, exact: true });
    const copy = card.getByRole("button", { name: t.copy, exact: true });
    if (javaScriptEnabled) {
      await expectNoAxeViolations(page);
      await share.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { sharedByTest: Shared[] }).sharedByTest))
        .toEqual([{ text: message }]);
      await copy.click();
      await waitForToast(page, t.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);
    } else {
      // Without JavaScript they could do nothing: the message is there to select, its link a plain link.
      expect(await share.count()).toBe(0);
      expect(await copy.count()).toBe(0);
    }

    await card.getByRole("button", { name: t.markSent }).click();
    await waitForToast(page, t.marked);
    await card.waitFor({ state: "detached" });
    await open("/");
    await tuCard.waitFor();
    expect(await card.count()).toBe(0);
    assertNoErrors();
  });
});
