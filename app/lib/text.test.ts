import { describe, expect, it } from "vitest";
import { clipAtParagraph, titleFromQuestion, truncate, wholeWordsWithin } from "./text";

describe("clipAtParagraph", () => {
  it("keeps a text that fits, and otherwise ends at the last paragraph that fits", () => {
    expect(clipAtParagraph("One.\n\nTwo.", 100)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("One.\n\nTwo.\n\nThree.", 12)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("A single long paragraph", 8)).toBe("A single");
  });
});

describe("titleFromQuestion", () => {
  it("keeps a question of one clause whole, in whole words, without its question mark", () => {
    expect(titleFromQuestion("Where did you grow up?")).toBe("Where did you grow up");
    expect(titleFromQuestion("  Món ăn bà nấu?  ")).toBe("Món ăn bà nấu");
    expect(titleFromQuestion("Ngôi nhà thời thơ ấu của bạn trông như thế nào?")).toBe(
      "Ngôi nhà thời thơ ấu của bạn trông như thế nào",
    );
    expect(titleFromQuestion("What games did you play with your cousins?")).toBe(
      "What games did you play with your cousins",
    );
  });

  it("takes a longer question's first clause, never cut inside it and never with an ellipsis (issue 35)", () => {
    // The question whose title became "Ngôi nhà nơi lớn lên hồi…" in the book.
    expect(titleFromQuestion("Ngôi nhà nơi lớn lên hồi nhỏ trông như thế nào, từng gian từng góc?")).toBe(
      "Ngôi nhà nơi lớn lên hồi nhỏ trông như thế nào",
    );
    expect(titleFromQuestion("Hình ảnh rõ nhất về mẹ là gì: giọng nói, đôi bàn tay, hay dáng mẹ tất bật?")).toBe(
      "Hình ảnh rõ nhất về mẹ là gì",
    );
    expect(titleFromQuestion("What games did you play with your friends, and where?")).toBe(
      "What games did you play with your friends",
    );
    expect(titleFromQuestion("What is your clearest picture of your father: his work, his habits?")).toBe(
      "What is your clearest picture of your father",
    );
    expect(titleFromQuestion("Where did you live then – in the city or the country?")).toBe("Where did you live then");
  });

  it("runs on past a first clause too short to say what is asked", () => {
    expect(titleFromQuestion("Hồi nhỏ, ai là người chăm sóc nhiều nhất, và người ấy thương yêu mình ra sao?")).toBe(
      "Hồi nhỏ, ai là người chăm sóc nhiều nhất",
    );
    expect(titleFromQuestion("As a child, who looked after you most, and how?")).toBe(
      "As a child, who looked after you most",
    );
  });

  it("is made of the question's own words: a start of it, ending at a word, with no mark of its own", () => {
    const questions = [
      "Ngôi nhà nơi lớn lên hồi nhỏ trông như thế nào, từng gian từng góc?",
      "Năm bảy, tám tuổi, một ngày bình thường trôi qua như thế nào?",
      "Which season, festival or special day did you look forward to most as a child, and why?",
      `${"Một câu hỏi rất dài ".repeat(30)}?`,
    ];
    for (const question of questions) {
      const title = titleFromQuestion(question);
      expect(title).not.toContain("…");
      expect(Array.from(title).length).toBeLessThanOrEqual(300);
      expect(question.startsWith(title)).toBe(true);
      expect(question.slice(title.length)).toMatch(/^[\s,;:?–]/u);
    }
  });

  it("cuts only a single word longer than a title may be", () => {
    const title = titleFromQuestion(`${"x".repeat(400)}?`);
    expect(title).toBe("x".repeat(300));
  });
});

describe("wholeWordsWithin", () => {
  it("keeps what fits, and otherwise ends after the last whole word that fits", () => {
    expect(wholeWordsWithin("Ông nhớ gì về chiến tranh?", 100)).toBe("Ông nhớ gì về chiến tranh?");
    expect(wholeWordsWithin("Ông nhớ gì về chiến tranh?", 12)).toBe("Ông nhớ gì");
  });
});

describe("truncate", () => {
  it("keeps a text of at most max code points, trimmed", () => {
    expect(truncate("  Bà kể  ", 6)).toBe("Bà kể");
    expect(truncate("Bà kể", 5)).toBe("Bà kể");
    // Five code points in ten UTF-16 units: not cut.
    expect(truncate("😀😀😀😀😀", 5)).toBe("😀😀😀😀😀");
  });

  it("cuts a longer one after max whole code points, with an ellipsis", () => {
    expect(truncate("Ngày xưa ở quê", 8)).toBe("Ngày xưa…");
    expect(truncate("😀😀😀😀😀😀", 5)).toBe("😀😀😀😀😀…");
    expect(truncate(`${"😀".repeat(5)}a${"b".repeat(50)}`, 5)).toBe("😀😀😀😀😀…");
    expect(truncate("ab cd ef", 3)).toBe("ab…");
  });
});
