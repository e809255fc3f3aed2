import { describe, expect, it } from "vitest";
import { clip, ModelOutputError, parseQuestions, parseTopics } from "./model-output";

const json = (value: unknown) => JSON.stringify(value);

describe("parseTopics", () => {
  it("trims, drops empty, repeated and excluded titles, and caps the count", () => {
    const content = json({
      topics: [
        { title: "  Childhood\n home ", description: "  Where you grew up. " },
        { title: "", description: "no title" },
        { title: "childhood home", description: "again" },
        { title: "War years", description: "excluded" },
        { title: "Work", description: 42 },
        { title: "Marriage" },
        { title: "School", description: "" },
        { title: "Faith", description: "" },
      ],
    });
    expect(parseTopics(content, { max: 3, exclude: ["war YEARS"] })).toEqual([
      { title: "Childhood home", description: "Where you grew up." },
      { title: "Marriage", description: "" },
      { title: "School", description: "" },
    ]);
  });

  it("clips long descriptions and composes Vietnamese diacritics", () => {
    const decomposed = "Tuổi thơ".normalize("NFD");
    const [topic] = parseTopics(json({ topics: [{ title: decomposed, description: "word ".repeat(100) }] }), {
      max: 8,
    });
    expect(topic!.title).toBe("Tuổi thơ".normalize("NFC"));
    expect(topic!.description.length).toBeLessThanOrEqual(200);
    expect(topic!.description.endsWith("word…")).toBe(true);
    expect(parseTopics(json({ topics: [{ title: decomposed }] }), { max: 8, exclude: ["tuổi thơ"] })).toEqual([]);
  });

  it("accepts an empty list and a JSON code fence, and refuses what is not the asked shape", () => {
    expect(parseTopics(json({ topics: [] }), { max: 8 })).toEqual([]);
    expect(parseTopics('```json\n{"topics":[{"title":"Home","description":"d"}]}\n```', { max: 8 })).toHaveLength(1);
    for (const bad of [
      null,
      "",
      "Here are some topics: Childhood",
      json({ items: [] }),
      json({ topics: [{ name: "x" }, 3] }),
      '{"topics": [',
    ]) {
      expect(() => parseTopics(bad, { max: 8 }), String(bad)).toThrow(ModelOutputError);
    }
  });
});

describe("parseQuestions", () => {
  it("keeps single, new questions, trimmed, at most count", () => {
    const content = json({
      questions: [
        "  What was your first home like? ",
        "what was your first home like",
        "Who lived next door?",
        "Where did you live? Who lived with you?",
        "",
        7,
        "What games did you play?",
        "What did you eat on Sundays?",
      ],
    });
    expect(parseQuestions(content, { count: 3, exclude: ["WHO LIVED NEXT DOOR?"] })).toEqual([
      "What was your first home like?",
      "What games did you play?",
      "What did you eat on Sundays?",
    ]);
  });

  it("refuses an answer with no new question, so nothing is replaced by nothing", () => {
    expect(() => parseQuestions(json({ questions: [] }), { count: 5 })).toThrow(ModelOutputError);
    expect(() => parseQuestions(json({ questions: ["Old?"] }), { count: 5, exclude: ["old?"] })).toThrow(
      ModelOutputError,
    );
    expect(() => parseQuestions("not json", { count: 5 })).toThrow("the answer is not JSON");
    expect(() => parseQuestions(json(["Bare list?"]), { count: 5 })).toThrow(ModelOutputError);
  });
});

describe("clip", () => {
  it("cuts at a word and leaves short text alone", () => {
    expect(clip("short", 10)).toBe("short");
    expect(clip("one two three four", 12)).toBe("one two…");
  });
});
