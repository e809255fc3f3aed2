import { describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { expectNoAxeViolations, serverAndBrowser } from "../support/browser";
import { phone } from "./phone-workspace";

// The family hears back (issue 37 §3): once Bà Lan has answered through her link, the owner's Home and the book's
// workspace say "Bà Lan đã kể 2 câu chuyện mới — xem ngay", and one tap opens the workspace on the first of them, on a
// 390 px phone in Vietnamese, with and without JavaScript.
const env = serverAndBrowser();

describe.each([true, false])("the badge of her new stories (JavaScript %s)", (javaScriptEnabled) => {
  it("shows on Home and in the workspace, and opens her first story in one tap", async () => {
    const { page, post, open, assertNoErrors } = await phone(env, javaScriptEnabled);
    const book = await post("/api/books", { title: "Chuyện của bà", language: "vi" });
    const topic = await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
    const questions = [
      await post(`/api/topics/${topic.id}/questions`, { question: "Bà lớn lên ở đâu?" }),
      await post(`/api/topics/${topic.id}/questions`, { question: "Nhà bà có mấy anh chị em?" }),
    ];
    const link = (await post(`/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" })) as unknown as {
      url: string;
    };
    // She answers two questions through her door, as her phone's form sends them (no session of the family's).
    for (const [i, question] of questions.entries()) {
      const answered = await fetch(link.url, {
        method: "POST",
        body: new URLSearchParams({
          questionId: String(question.id),
          content: `Câu trả lời thứ ${i + 1} của bà.`,
          idempotencyKey: crypto.randomUUID(),
        }),
        redirect: "manual",
      });
      expect(answered.status).toBe(303);
    }
    const text = vi.storyteller.newAnswers_other.replace("{{name}}", "Bà Lan").replace("{{count}}", "2");

    await open("/");
    const badge = page.getByRole("link", { name: `Chuyện của bà: ${text}` });
    await badge.waitFor();
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await badge.click();
    // With JavaScript the router moves without a load event: the address is what is waited for.
    await page.waitForURL((url) => url.pathname === `/books/${book.id}` && url.searchParams.has("storyId"), {
      waitUntil: "commit",
    });
    // The first of her answers is open in the editor, and the workspace says the same.
    await page.getByText("Câu trả lời thứ 1 của bà.").first().waitFor();
    await page.getByRole("link", { name: text }).first().waitFor();
    assertNoErrors();
  });
});
