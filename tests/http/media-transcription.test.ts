import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeAiEnv, reply, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { serverWithLanAndMinh, type Client } from "../support/http";
import { webmBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";

// Recordings turned into text by an OpenAI-compatible server, faked at the HTTP level.
let fake: FakeOpenAi;
let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  ({ server, lan } = await serverWithLanAndMinh(fakeAiEnv(fake, 4_000)));
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
beforeEach(() => fake.reset());

const count = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
const webm = (size = 3000) => webmBytes(size);

type Story = {
  id: number;
  bookId: number;
  content: string;
  hasAudio: boolean;
  media: { type: string; transcription: string | null; filename: string }[];
};

async function bookAndTopic(language: "vi" | "en") {
  const book = await (await lan.json("POST", "/api/books", { title: "Giọng bà", language })).json();
  const topic = await (await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Dòng sông" })).json();
  return { bookId: book.id as number, topicId: topic.id as number };
}

/** The workspace's story form as a browser without JavaScript posts it: multipart, with the phone's recording. */
async function saveStoryForm(
  bookId: number,
  fields: Record<string, string>,
  audio?: { bytes: Uint8Array<ArrayBuffer>; name: string },
) {
  const form = new FormData();
  form.append("intent", "story:save");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    "audio",
    audio
      ? new File([audio.bytes], audio.name, { type: "audio/webm" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  const response = await lan.request(`/books/${bookId}`, { method: "POST", body: form });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const page = await (await lan.get(location)).text();
  const storyId = Number(new URL(location, server.url).searchParams.get("storyId"));
  const story = (await (await lan.get(`/api/stories/${storyId}`)).json()) as Story;
  return { page, story };
}

describe("transcribing recordings", () => {
  it("the API sends the recording with the book's language and returns and keeps the transcript", async () => {
    const { topicId } = await bookAndTopic("vi");
    const story = await (
      await lan.json("POST", `/api/topics/${topicId}/stories`, {
        title: "Dòng sông",
        content: "Ngày xưa",
        status: "draft",
      })
    ).json();
    fake.enqueue(reply.content("Bà kể về dòng sông quê nhà."));
    const form = new FormData();
    form.append("type", "audio");
    form.append("file", new File([webm(3000)], "recording-20261122-0510.webm", { type: "audio/webm" }));
    const response = await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ type: "audio", transcription: "Bà kể về dòng sông quê nhà." });
    expect(fake.requests[0]!.path).toBe("/v1/audio/transcriptions");
    expect(fake.requests[0]!.body.form).toMatchObject({
      model: "whisper-1",
      language: "vi",
      file: "file:recording-20261122-0510.webm:3000",
    });
    const saved = (await (await lan.get(`/api/stories/${story.id}`)).json()) as Story;
    expect(saved.media[0]!.transcription).toBe("Bà kể về dòng sông quê nhà.");
    // The API leaves the story's text to the client, which appends the transcript itself.
    expect(saved.content).toBe("Ngày xưa");
  });

  it("keeps the recording when the AI server fails, and says transcription failed", async () => {
    const { topicId } = await bookAndTopic("en");
    const story = await (
      await lan.json("POST", `/api/topics/${topicId}/stories`, { title: "River", content: "Once", status: "draft" })
    ).json();
    fake.enqueue(reply.status(500), reply.status(500));
    const before = (await server.storedFiles("files")).length;
    const form = new FormData();
    form.append("type", "audio");
    form.append("file", new File([webm()], "voice.webm", { type: "audio/webm" }));
    const response = await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      transcription: null,
      transcriptionError: "Cannot transcribe audio, please try again.",
    });
    expect((await server.storedFiles("files")).length).toBe(before + 1);
    expect(((await (await lan.get(`/api/stories/${story.id}`)).json()) as Story).hasAudio).toBe(true);
  });
});

describe("the story form with a recording (no JavaScript: the phone's own recorder)", () => {
  it("saves the story, keeps the recording and appends its transcript after a blank line", async () => {
    const { bookId, topicId } = await bookAndTopic("en");
    fake.enqueue(reply.content("We caught fish with our hands."));
    const { page, story } = await saveStoryForm(
      bookId,
      {
        topicId: String(topicId),
        title: "The river",
        content: "Every summer we went to the river.",
        status: "published",
      },
      { bytes: webm(), name: "Voice 001.webm" },
    );
    expect(story.content).toBe("Every summer we went to the river.\n\nWe caught fish with our hands.");
    expect(story.hasAudio).toBe(true);
    expect(story.media).toMatchObject([
      { type: "audio", filename: "Voice 001.webm", transcription: "We caught fish with our hands." },
    ]);
    expect(page).toContain("The recording was turned into text and added to the story.");
    expect(fake.requests[0]!.body.form?.language).toBe("en");
  });

  it("accepts a story that is only a recording", async () => {
    const { bookId, topicId } = await bookAndTopic("vi");
    fake.enqueue(reply.content("Ông ngoại hát ru."));
    const { story } = await saveStoryForm(
      bookId,
      { topicId: String(topicId), title: "Lời ru", content: "", status: "draft" },
      { bytes: webm(), name: "ru.webm" },
    );
    expect(story.content).toBe("Ông ngoại hát ru.");
  });

  it("still saves the story when the recording cannot be kept, and says so", async () => {
    const { bookId, topicId } = await bookAndTopic("en");
    const before = (await server.storedFiles("files")).length;
    const notAudio = new TextEncoder().encode("<html>not audio</html>");
    const { page, story } = await saveStoryForm(
      bookId,
      { topicId: String(topicId), title: "Kept", content: "The text is kept.", status: "draft" },
      { bytes: notAudio, name: "x.webm" },
    );
    expect(story.content).toBe("The text is kept.");
    expect(story.media).toEqual([]);
    expect(page).toContain("The story was saved, but the recording could not be uploaded.");

    const tooLong = await saveStoryForm(
      bookId,
      { topicId: String(topicId), title: "Long", content: "Also kept.", status: "draft" },
      { bytes: webm(25 * 1024 * 1024 + 1), name: "long.webm" },
    );
    expect(tooLong.story.content).toBe("Also kept.");
    expect(tooLong.story.media).toEqual([]);
    expect(tooLong.page).toContain("The story was saved, but the recording could not be uploaded.");
    expect((await server.storedFiles("files")).length).toBe(before);
    expect(count(path.join(server.dataDir, "media", "tmp"))).toBe(0);
    expect(fake.requests).toEqual([]);
  });

  it("an empty recording field is no recording", async () => {
    const { bookId, topicId } = await bookAndTopic("en");
    const { story } = await saveStoryForm(bookId, {
      topicId: String(topicId),
      title: "Plain",
      content: "Only text.",
      status: "draft",
    });
    expect([story.content, story.hasAudio, story.media]).toEqual(["Only text.", false, []]);
  });
});
