import { describe, expect, it } from "vitest";
import { assembleBookPreview } from "./assemble-book-preview";
import { composeTopicPreview } from "./offline-preview";

const book = { title: "Đời bà", description: "", tone: "", language: "vi" as const };
const stories = [
  {
    title: "Bến sông",
    text: "Nhà bà ở cạnh bến sông.\n\nSáng nào bà cũng gánh nước.",
    images: [{ id: 7, description: "Bến sông năm 1970" }],
    recordings: [],
  },
  { title: "Chợ Tết", text: "Tết nào mẹ cũng dẫn bà đi chợ.", images: [], recordings: [] },
  { title: "Trống", text: "   ", images: [], recordings: [] },
];

describe("the offline previews", () => {
  it("stitch a topic's stories in order, in their own words, under their headings, with image markers", () => {
    const text = composeTopicPreview({ book, topic: { title: "Tuổi thơ", description: "" }, stories });
    // The next title is the break between two stories: no sentence joins them.
    expect(text.split("\n\n")).toEqual([
      "### Bến sông",
      "Nhà bà ở cạnh bến sông.",
      "Sáng nào bà cũng gánh nước.",
      "[IMAGE ID:7: Bến sông năm 1970]",
      "### Chợ Tết",
      "Tết nào mẹ cũng dẫn bà đi chợ.",
    ]);
  });

  it("add no sentence the storyteller did not write, in either language (issue 35)", () => {
    const many = [
      ...stories,
      { title: "Cánh đồng", text: "Chiều chiều bà thả diều.", images: [], recordings: [] },
      { title: "Giọng ông", text: "", images: [], recordings: [{ durationMs: 65_000, transcription: null }] },
      { title: "Mùa mưa", text: "Mưa suốt ba tháng.\n\nNước ngập tới gối.", images: [], recordings: [] },
    ];
    // What a story gives the preview: its heading, its paragraphs, its photos' markers, its recordings' lines.
    const own = (language: "en" | "vi") => [
      ...many.map((story) => `### ${story.title}`),
      ...many.flatMap((story) => story.text.split("\n\n").map((paragraph) => paragraph.trim())),
      "[IMAGE ID:7: Bến sông năm 1970]",
      language === "vi" ? "[Bản ghi âm: 1:05]" : "[Recording: 1:05]",
    ];
    for (const language of ["vi", "en"] as const) {
      const text = composeTopicPreview({
        book: { ...book, language },
        topic: { title: "Tuổi thơ", description: "" },
        stories: many,
      });
      for (const block of text.split("\n\n")) expect(own(language), `${language}: "${block}"`).toContain(block);
    }
  });

  it("have nothing to say about a topic without stories", () => {
    expect(composeTopicPreview({ book, topic: { title: "Tuổi thơ", description: "" }, stories: [] })).toBe("");
  });

  it(
    "make the book from saved topic drafts where there are any, " + "skipping empty topics, and stream the same text",
    async () => {
      const input = {
        book: { ...book, description: "Những câu chuyện của bà" },
        topics: [
          { title: "Tuổi thơ", description: "", preview: null, stories },
          { title: "Trống", description: "", preview: null, stories: [] },
          { title: "Đi làm", description: "", preview: "Bà viết lại chương này.", stories },
        ],
      };
      const chunks: string[] = [];
      const text = await assembleBookPreview(
        input,
        async (topic) => composeTopicPreview({ book: input.book, topic, stories: topic.stories }),
        (chunk) => chunks.push(chunk),
      );
      expect(chunks.join("")).toBe(text);
      expect(text.startsWith("# Đời bà\n\nNhững câu chuyện của bà\n\n## Tuổi thơ\n\n### Bến sông")).toBe(true);
      expect(text).not.toContain("## Trống");
      expect(text.endsWith("## Đi làm\n\nBà viết lại chương này.")).toBe(true);
    },
  );

  it(
    "keep a story told only aloud: its title, a line with the recording's length, " +
      "and its transcription unless the text already holds it",
    () => {
      const told = [
        { title: "Giọng bà", text: "", images: [], recordings: [{ durationMs: 205_000, transcription: null }] },
        {
          title: "Bài hát",
          text: "",
          images: [],
          recordings: [{ durationMs: null, transcription: "Bà hát ru con.\n\nCon ngủ say." }],
        },
        {
          title: "Đã chép",
          text: "Bà hát ru con.",
          images: [],
          recordings: [{ durationMs: 4_000, transcription: "Bà hát ru con." }],
        },
      ];
      const text = composeTopicPreview({ book, topic: { title: "Tiếng hát", description: "" }, stories: told });
      expect(text.split("\n\n")).toEqual([
        "### Giọng bà",
        "[Bản ghi âm: 3:25]",
        "### Bài hát",
        "[Bản ghi âm]",
        "Bà hát ru con.",
        "Con ngủ say.",
        "### Đã chép",
        "[Bản ghi âm: 0:04]",
        "Bà hát ru con.",
      ]);
      const english = composeTopicPreview({
        book: { ...book, language: "en" },
        topic: { title: "Songs", description: "" },
        stories: told.slice(0, 1),
      });
      expect(english).toBe("### Giọng bà\n\n[Recording: 3:25]");
    },
  );

  it("count a topic whose only story is a recording as one with something to show", async () => {
    const input = {
      book,
      topics: [
        {
          title: "Tiếng hát",
          description: "",
          preview: null,
          stories: [
            { title: "Giọng bà", text: "", images: [], recordings: [{ durationMs: 61_000, transcription: null }] },
          ],
        },
      ],
    };
    const text = await assembleBookPreview(input, async (topic) =>
      composeTopicPreview({ book: input.book, topic, stories: topic.stories }),
    );
    expect(text).toBe("# Đời bà\n\n## Tiếng hát\n\n### Giọng bà\n\n[Bản ghi âm: 1:01]");
  });
});
