import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "../support/browser";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startServer, type RunningServer } from "../support/server";
import type { Browser } from "playwright-core";
import { createUser, signIn, toast } from "./helpers";
import { createBook } from "./topic-helpers";

// Issue 20: saving suggested topics writes their questions through an OpenAI-compatible server (the fake one),
// topic by topic. The phone shows that it is working, and a topic whose questions fail is saved all the same.
const env = {} as { fake: FakeOpenAi; server: RunningServer; browser: Browser };
beforeAll(async () => {
  env.fake = await startFakeOpenAi();
  // A short timeout: the hanging request below fails once it has passed, without waiting in the test.
  [env.server, env.browser] = await Promise.all([startServer(fakeAiEnv(env.fake, 1500)), launchBrowser()]);
});
afterAll(async () => {
  await env.browser?.close();
  await env.server?.stop();
  await env.fake?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "vi-VN" };

describe("saving suggested topics with an AI server, on a phone in Vietnamese", () => {
  it("shows a pending Save while each topic's questions are written, keeps a topic whose questions fail", async () => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser, PHONE);
    await signIn(page, env.server, user.username, user.password);
    const book = await createBook(env.server, page, { title: "Cuộc đời của ông", language: "vi" });

    env.fake.enqueue(
      reply.topics([
        { title: "Tuổi thơ ở quê", description: "Ngôi nhà và cánh đồng." },
        { title: "Ngày cưới", description: "Hai gia đình gặp nhau." },
      ]),
      // The first topic's questions: the server never answers, and the request times out.
      reply.hang(),
      reply.questions(["Ngày cưới của ông bà diễn ra ở đâu?", "Ai đã làm mai cho ông bà?"]),
    );
    await signIn(page, env.server, user.username, user.password, `/books/${book.id}/suggest-topics`);
    const save = page.getByRole("button", { name: "Lưu các chủ đề đã chọn (2)" });
    const asked = env.fake.requests.length;
    await save.click();

    // While the first topic's questions are being written, Save says so.
    await env.fake.waitForRequest(asked + 1);
    const pending = page.locator("dialog[open] .suggest-bar button[value=save]");
    expect(await pending.textContent()).toBe("Đang lưu chủ đề và soạn câu hỏi…");
    expect(await pending.getAttribute("aria-disabled")).toBe("true");

    await page.waitForURL(`**/books/${book.id}`);
    await toast(page).locator(".toast-message").waitFor();
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "Đã tạo 2 chủ đề. Chưa soạn được câu hỏi cho 1 chủ đề: hãy mở chủ đề đó và chọn “Tạo câu hỏi”.",
    );
    // One request per topic, in order.
    expect(env.fake.requests.slice(asked).map((r) => r.body.response_format?.json_schema?.name)).toEqual([
      "questions",
      "questions",
    ]);

    const topics = (await (await page.request.get(`${env.server.url}/api/books/${book.id}/topics`)).json()) as {
      id: number;
      title: string;
    }[];
    expect(topics.map((t) => t.title)).toEqual(["Tuổi thơ ở quê", "Ngày cưới"]);
    const questionsOf = async (topicId: number) =>
      (
        (await (await page.request.get(`${env.server.url}/api/topics/${topicId}/questions`)).json()) as {
          question: string;
        }[]
      ).map((q) => q.question);
    expect(await questionsOf(topics[0]!.id)).toEqual([]);
    expect(await questionsOf(topics[1]!.id)).toEqual([
      "Ngày cưới của ông bà diễn ra ở đâu?",
      "Ai đã làm mai cho ông bà?",
    ]);

    // The topic without questions offers the usual action.
    await page.goto(`${env.server.url}/books/${book.id}/topics/${topics[0]!.id}`);
    await page.getByRole("button", { name: "Tạo câu hỏi" }).waitFor();
    assertNoErrors();
  });
});
