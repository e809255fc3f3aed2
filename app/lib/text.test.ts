import { describe, expect, it } from "vitest";
import { clipAtParagraph, titleFromQuestion } from "./text";

describe("clipAtParagraph", () => {
  it("keeps a text that fits, and otherwise ends at the last paragraph that fits", () => {
    expect(clipAtParagraph("One.\n\nTwo.", 100)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("One.\n\nTwo.\n\nThree.", 12)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("A single long paragraph", 8)).toBe("A single");
  });
});

describe("titleFromQuestion", () => {
  it("keeps a short question whole, without its question mark", () => {
    expect(titleFromQuestion("Where did you grow up?")).toBe("Where did you grow up");
    expect(titleFromQuestion("  Món ăn bà nấu?  ")).toBe("Món ăn bà nấu");
  });
  it("ends a long one after its last whole word within 28 characters, with an ellipsis", () => {
    const title = titleFromQuestion("Ngôi nhà thời thơ ấu của bạn trông như thế nào?");
    expect(title).toBe("Ngôi nhà thời thơ ấu của…");
    expect(Array.from(title).length).toBeLessThanOrEqual(28);
    expect(titleFromQuestion("What games did you play with your friends, and where?")).toBe("What games did you play…");
  });
  it("cuts a single word longer than the limit", () => {
    const title = titleFromQuestion("Supercalifragilisticexpialidocious-and-more?");
    expect(Array.from(title).length).toBe(28);
    expect(title.endsWith("…")).toBe(true);
  });
});
