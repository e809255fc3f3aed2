import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { media } from "~db/schema";
import { env } from "~/platform/env.server";
import { pngBytes, wavBytes, webmBytes } from "../../tests/support/media-files";
import { createBook } from "./book.server";
import { addStoryMedia } from "./media.server";
import { backfillMediaMeasures } from "./media-measures.server";
import { createStory } from "./story.server";
import { createTopic } from "./topic.server";
import { createUser } from "./user.server";

async function ownStory() {
  const user = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
  const book = await createBook({
    userId: user.id,
    input: { title: "Lan", description: "", tone: "", language: "en", coverImage: null },
  });
  const topic = await createTopic({ bookId: book.id, userId: user.id, input: { title: "Childhood", description: "" } });
  const story = await createStory({
    topicId: topic.id,
    userId: user.id,
    input: { title: "The river", content: "Text", status: "draft" },
  });
  return { user, story };
}

let uploads = 0;
/** A file as a request's temporary upload would leave it. */
function upload(bytes: Uint8Array, filename: string) {
  const dir = path.join(env().dataDir, "media", "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${++uploads}.part`);
  fs.writeFileSync(file, bytes);
  return { path: file, filename, size: bytes.byteLength };
}

const rowOf = async (id: number) => (await db().select().from(media).where(eq(media.id, id)))[0]!;

describe("a photo's size and a recording's length", () => {
  it("are read from the bytes when a file is kept, and measured once for rows older than the columns", async () => {
    const { user, story } = await ownStory();
    const add = (type: "image" | "audio", file: ReturnType<typeof upload>) =>
      addStoryMedia({ storyId: story.id, userId: user.id, type, upload: file, fallbackDescription: "" });

    // A 2,400 × 1,200 photo is kept at the web size, 1,600 px wide; a small one as it is.
    const wide = await add("image", upload(await pngBytes(2400, 1200), "wide.png"));
    const small = await add("image", upload(await pngBytes(90, 60), "small.png"));
    expect(await rowOf(wide.id)).toMatchObject({ width: 1600, height: 800, durationMs: null });
    expect(await rowOf(small.id)).toMatchObject({ width: 90, height: 60, durationMs: null });

    // A real WAV tells its length; a WebM header followed by filler does not, and stays unknown.
    const voice = await add("audio", upload(wavBytes(3250), "voice.wav"));
    const unknown = await add("audio", upload(webmBytes(4096), "voice.webm"));
    expect(await rowOf(voice.id)).toMatchObject({ durationMs: 3250, width: null, height: null });
    expect((await rowOf(unknown.id)).durationMs).toBeNull();

    // As migration 0006 leaves rows kept before it: nothing measured. The start measures what it can.
    await db().update(media).set({ width: null, height: null, durationMs: null });
    expect(await backfillMediaMeasures()).toBe(3);
    expect(await rowOf(wide.id)).toMatchObject({ width: 1600, height: 800 });
    expect(await rowOf(small.id)).toMatchObject({ width: 90, height: 60 });
    expect((await rowOf(voice.id)).durationMs).toBe(3250);
    expect((await rowOf(unknown.id)).durationMs).toBeNull();
    // A measured row is not read again; the recording that does not tell is looked at again, and stays null.
    expect(await backfillMediaMeasures()).toBe(0);
  });
});
