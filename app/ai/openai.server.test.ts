import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reply, startFakeOpenAi, type FakeOpenAi } from "../../tests/support/fake-openai";
import { AppError } from "~/lib/errors";
import { createOpenAiProvider } from "./openai.server";

// The real SDK against a real HTTP server that plays an OpenAI-compatible one.
let fake: FakeOpenAi;
let provider: ReturnType<typeof createOpenAiProvider>;
const book = { title: "Grandma", description: "", tone: "", language: "en" as const };
const topic = { title: "Childhood", description: "", language: "vi" as const };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  provider = createOpenAiProvider({ apiKey: "test", baseURL: fake.baseURL, model: "test-model", timeoutMs: 1_000 });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.reset();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the OpenAI-compatible provider", () => {
  it("asks with the model, a JSON-schema response format and the prompt, and checks the answer", async () => {
    fake.enqueue(reply.questions(["  Bạn lớn lên ở đâu? ", "Ai đã nuôi bạn lớn?"]));
    expect(await provider.generateQuestions(topic, { exclude: ["Ai đã nuôi bạn lớn?"], count: 5 })).toEqual([
      "Bạn lớn lên ở đâu?",
    ]);
    const [request] = fake.requests;
    expect(request!.headers.authorization).toBe("Bearer test");
    expect(request!.body.model).toBe("test-model");
    expect(request!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "questions", strict: true },
    });
    expect(request!.body.messages[0]!.content).toContain("Vietnamese");
    expect(request!.body.messages[1]!.content).toContain("- Ai đã nuôi bạn lớn?");
  });

  it("retries once on 429 and on 5xx, never twice", async () => {
    fake.enqueue(reply.status(429, { "retry-after-ms": "10" }), reply.topics([{ title: "Home", description: "d" }]));
    expect(await provider.suggestTopics(book)).toEqual([{ title: "Home", description: "d" }]);
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.enqueue(reply.status(500), reply.status(503), reply.topics([{ title: "never asked" }]));
    expect(await failure(provider.suggestTopics(book))).toMatchObject({
      status: 502,
      messageKey: "errors.aiUnavailable",
    });
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.enqueue(reply.status(429), reply.status(429));
    expect((await failure(provider.suggestTopics(book))).messageKey).toBe("errors.aiBusy");
  });

  it("does not retry a client error, a long Retry-After or an unusable answer", async () => {
    fake.enqueue(reply.status(400), reply.topics([]));
    expect((await failure(provider.suggestTopics(book))).messageKey).toBe("errors.aiUnavailable");
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.enqueue(reply.status(429, { "retry-after": "30" }), reply.topics([]));
    expect((await failure(provider.suggestTopics(book))).messageKey).toBe("errors.aiBusy");
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.enqueue(reply.content("Sure! Here are some topics."), reply.topics([]));
    expect((await failure(provider.suggestTopics(book))).messageKey).toBe("errors.aiInvalidAnswer");
    expect(fake.requests).toHaveLength(1);
  });

  it("gives up after its timeout without retrying, and cancels when the caller does", async () => {
    fake.enqueue(reply.hang(), reply.hang());
    const started = Date.now();
    expect((await failure(provider.suggestTopics(book))).messageKey).toBe("errors.aiUnavailable");
    expect(Date.now() - started).toBeLessThan(5_000);
    await fake.requests[0]!.aborted;
    expect(fake.requests).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith("AI suggestTopics (test-model) failed: no answer within 1000 ms");

    fake.reset();
    fake.enqueue(reply.hang());
    const controller = new AbortController();
    const pending = provider.generateQuestions(topic, { exclude: [], count: 5, signal: controller.signal });
    const request = await fake.waitForRequest(1);
    controller.abort();
    expect((await failure(pending)).status).toBe(502);
    await request.aborted;
    expect(request.wasAborted()).toBe(true);
    expect(console.error).toHaveBeenLastCalledWith(
      "AI generateQuestions (test-model) failed: cancelled: the client went away",
    );
  });

  it("cannot reach a server that is not there", async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const nowhere = createOpenAiProvider({ apiKey: "test", baseURL: closed.baseURL, model: "m", timeoutMs: 1_000 });
    expect((await failure(nowhere.suggestTopics(book))).messageKey).toBe("errors.aiUnavailable");
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining("failed: cannot reach the server: ECONNREFUSED"),
    );
  });
});

describe("transcription through the OpenAI-compatible provider", () => {
  it("uploads the recording with the transcription model and the book's language, and returns the text", async () => {
    const withTranscriber = createOpenAiProvider({
      apiKey: "test",
      baseURL: fake.baseURL,
      model: "test-model",
      transcribeModel: "test-whisper",
      timeoutMs: 1_000,
    });
    fake.enqueue(reply.content("  Nhà bà ở cạnh bến sông.  "));
    const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    expect(
      await withTranscriber.transcribe(
        { data: new Blob([bytes]), mimeType: "audio/webm", filename: "recording.webm" },
        { language: "vi" },
      ),
    ).toEqual({ text: "Nhà bà ở cạnh bến sông." });
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/audio/transcriptions");
    expect(request!.body.form).toMatchObject({ model: "test-whisper", language: "vi", file: "file:recording.webm:8" });
  });

  it("turns a failure into a 502 with a message the user can read", async () => {
    fake.enqueue(reply.status(500), reply.status(500));
    const error = await failure(
      provider.transcribe(
        { data: new Blob([new Uint8Array([1])]), mimeType: "audio/webm", filename: "a.webm" },
        { language: "en" },
      ),
    );
    expect(error.status).toBe(502);
  });
});
