import { describe, expect, it } from "vitest";
import { SUGGESTION_COUNT, suggestTopicsOffline } from "./offline.server";
import { LIFE_THEMES } from "./themes";

const theme = (id: string) => LIFE_THEMES.find((t) => t.id === id)!;
const book = { title: "Ông ngoại", description: "chiến tranh và quê hương", tone: "", language: "vi" as const };

describe("suggestTopicsOffline", () => {
  it("without a topic title, suggests a full set for the book, including the themes it mentions", () => {
    const topics = suggestTopicsOffline(book);
    expect(topics).toHaveLength(SUGGESTION_COUNT);
    expect(topics.map((t) => t.title)).toEqual(
      expect.arrayContaining([theme("war").title.vi, theme("hometown").title.vi]),
    );
  });

  it("with a topic title, gives only the theme that title names, in the book's language", () => {
    expect(suggestTopicsOffline({ ...book, language: "en" }, [], "Childhood")).toEqual([
      { title: "Childhood", description: theme("childhood").description.en },
    ]);
    const tet = suggestTopicsOffline(book, [], "Tết");
    expect(tet[0]).toEqual({ title: theme("traditions").title.vi, description: theme("traditions").description.vi });
    expect(tet).toHaveLength(1);
  });

  it("ranks the theme the topic title names most strongly first, ahead of what the book mentions", () => {
    // The book is about war and the hometown; the topic is about cooking in the kitchen.
    const [first] = suggestTopicsOffline({ ...book, language: "en" }, [], "Cooking in grandma's kitchen");
    expect(first).toEqual({ title: theme("food").title.en, description: theme("food").description.en });
  });

  it("gives nothing for a topic title it does not recognise, rather than an unrelated theme", () => {
    expect(suggestTopicsOffline(book, [], "Chiếc xe đạp màu xanh")).toEqual([]);
    expect(suggestTopicsOffline({ ...book, language: "en" }, [], "The blue bicycle")).toEqual([]);
  });

  it("treats a blank topic title as none", () => {
    expect(suggestTopicsOffline(book, [], "   ")).toEqual(suggestTopicsOffline(book));
  });
});

describe("offline transcription", () => {
  it("has no speech recognition and says so, so the audio is kept without text", async () => {
    const { offlineProvider } = await import("./offline.server");
    expect(
      await offlineProvider.transcribe(
        { data: new Blob([new Uint8Array([1])]), mimeType: "audio/webm", filename: "a.webm" },
        { language: "vi" },
      ),
    ).toEqual({ text: null, reason: "transcription.writeOutLater" });
  });
});
