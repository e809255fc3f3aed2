import { describe, expect, it } from "vitest";
import { pickQuestions } from "./pick-questions";
import { QUESTION_BANK } from "./question-bank";
import { LIFE_THEMES } from "./themes";

const LANGUAGES = ["en", "vi"] as const;
const bankKeys = [...LIFE_THEMES.map((theme) => theme.id), "general"];

function bank(id: string) {
  const entry = QUESTION_BANK[id];
  if (!entry) throw new Error(`no questions for ${id}`);
  return entry;
}

describe("QUESTION_BANK", () => {
  it("has at least 12 questions in each language for every theme, the same number in both", () => {
    for (const theme of LIFE_THEMES) {
      const { en, vi } = bank(theme.id);
      expect(en.length, theme.id).toBeGreaterThanOrEqual(12);
      expect(vi.length, theme.id).toBe(en.length);
    }
  });

  it("has general questions for any topic, the same number in both languages", () => {
    const { en, vi } = bank("general");
    expect(en.length).toBeGreaterThanOrEqual(5);
    expect(vi.length).toBe(en.length);
  });

  it("has no keys other than the themes and general", () => {
    expect(Object.keys(QUESTION_BANK).sort()).toEqual([...bankKeys].sort());
  });

  it("has no empty questions, and every question ends with a question mark", () => {
    for (const id of bankKeys) {
      for (const language of LANGUAGES) {
        for (const question of bank(id)[language]) {
          expect(question.trim(), `${id}/${language}`).not.toBe("");
          expect(question, `${id}/${language}`).toBe(question.trim());
          expect(question.endsWith("?"), `${id}/${language}: ${question}`).toBe(true);
        }
      }
    }
  });

  it("has no duplicate question within a theme and language, nor across themes", () => {
    for (const language of LANGUAGES) {
      const all = new Set<string>();
      for (const id of bankKeys) {
        const questions = bank(id)[language].map((question) => question.toLowerCase());
        expect(new Set(questions).size, `${id}/${language}`).toBe(questions.length);
        for (const question of questions) {
          expect(all.has(question), `${id}/${language}: ${question}`).toBe(false);
          all.add(question);
        }
      }
    }
  });

  it("asks open questions, not yes/no ones", () => {
    for (const id of bankKeys) {
      for (const question of bank(id).en) {
        expect(question, id).not.toMatch(/^(do|does|did|is|are|was|were|have|has|had|can|could|would|will|should)\b/i);
      }
      for (const question of bank(id).vi) {
        expect(question, id).not.toMatch(/(không|chưa|phải không|đúng không)\?$/);
      }
    }
  });
});

describe("pickQuestions", () => {
  it("matches a topic titled like a theme, in either language, to that theme's questions", () => {
    expect(pickQuestions({ title: "Tuổi thơ", language: "vi" })).toEqual(bank("childhood").vi.slice(0, 5));
    expect(pickQuestions({ title: "Childhood", language: "en" })).toEqual(bank("childhood").en.slice(0, 5));
    expect(pickQuestions({ title: "  tuổi THƠ ", language: "en" })).toEqual(bank("childhood").en.slice(0, 5));
  });

  it("lets the theme the title names win over the one the description mentions more", () => {
    const questions = pickQuestions({
      title: "Childhood",
      description: "Our house, the neighbourhood and the home we lived in",
      language: "en",
    });
    expect(questions).toEqual(bank("childhood").en.slice(0, 5));
  });

  it("matches keywords in the title and description", () => {
    const tet = pickQuestions({ title: "Bánh chưng ngày Tết", language: "vi", count: 6 });
    expect(tet).toEqual(bank("traditions").vi.slice(0, 6));

    const cooking = pickQuestions({
      title: "Grandma's cooking",
      description: "Recipes from her kitchen",
      language: "en",
    });
    expect(cooking.every((question) => bank("food").en.includes(question))).toBe(true);
  });

  it("takes tied best themes in turn", () => {
    // "quê" is a keyword of both childhood and hometown.
    const questions = pickQuestions({ title: "Quê ngoại", language: "vi", count: 4 });
    expect(questions).toEqual([
      bank("childhood").vi[0],
      bank("hometown").vi[0],
      bank("childhood").vi[1],
      bank("hometown").vi[1],
    ]);
  });

  it("returns questions in the requested language", () => {
    const vi = pickQuestions({ title: "Childhood", language: "vi" });
    const en = pickQuestions({ title: "Tuổi thơ", language: "en" });
    expect(vi.every((question) => bank("childhood").vi.includes(question))).toBe(true);
    expect(en.every((question) => bank("childhood").en.includes(question))).toBe(true);
  });

  it("skips questions already asked", () => {
    const first = pickQuestions({ title: "Childhood", language: "en" });
    const second = pickQuestions({ title: "Childhood", language: "en", exclude: first });
    expect(second).toHaveLength(5);
    expect(second.some((question) => first.includes(question))).toBe(false);

    const shouted = pickQuestions({
      title: "Childhood",
      language: "en",
      exclude: first.map((question) => `  ${question.toUpperCase()} `),
    });
    expect(shouted).toEqual(second);
  });

  it("moves on to general questions once a theme's questions are used up", () => {
    const childhood = bank("childhood").en;
    const questions = pickQuestions({ title: "Childhood", language: "en", exclude: childhood.slice(0, -1), count: 3 });
    expect(questions).toEqual([childhood.at(-1), ...bank("general").en.slice(0, 2)]);
  });

  it("falls back to the general questions for an unrelated title", () => {
    expect(pickQuestions({ title: "The blue bicycle", language: "en" })).toEqual(bank("general").en.slice(0, 5));
    expect(pickQuestions({ title: "Chiếc xe đạp màu xanh", language: "vi" })).toEqual(bank("general").vi.slice(0, 5));
  });

  it("returns at most count questions, 5 unless told", () => {
    expect(pickQuestions({ title: "Childhood", language: "en" })).toHaveLength(5);
    expect(pickQuestions({ title: "Childhood", language: "en", count: 2 })).toHaveLength(2);
    expect(pickQuestions({ title: "Childhood", language: "en", count: 0 })).toEqual([]);
    const everything = pickQuestions({ title: "The blue bicycle", language: "en", count: 1000 });
    expect(everything).toEqual(bank("general").en);
  });

  it("is deterministic", () => {
    const topic = {
      title: "Ra đi",
      description: "Chuyến vượt biên năm 1979 và những ngày đầu ở nước ngoài",
      language: "vi" as const,
    };
    const once = pickQuestions(topic);
    expect(once).toHaveLength(5);
    expect(once.every((question) => bank("migration").vi.includes(question))).toBe(true);
    for (let i = 0; i < 5; i++) expect(pickQuestions(topic)).toEqual(once);
  });
});
