import { describe, expect, it } from "vitest";
import { clipAtParagraph } from "./text";

describe("clipAtParagraph", () => {
  it("keeps a text that fits, and otherwise ends at the last paragraph that fits", () => {
    expect(clipAtParagraph("One.\n\nTwo.", 100)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("One.\n\nTwo.\n\nThree.", 12)).toBe("One.\n\nTwo.");
    expect(clipAtParagraph("A single long paragraph", 8)).toBe("A single");
  });
});
