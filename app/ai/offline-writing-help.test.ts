import { describe, expect, it } from "vitest";
import { completeOffline, followupOffline } from "./offline-writing-help";

const topic = { title: "Tuổi thơ", description: "" };

describe("offline writing help", () => {
  it("completes the word being typed from the user's own words, and nothing else", () => {
    const base = { title: "Bến sông", topic, language: "vi" as const };
    expect(completeOffline({ ...base, text: "Nhà bà ở cạnh bến sông. Mỗi sáng bà ra bế" })).toBe("n");
    expect(completeOffline({ ...base, text: "The Perfume River ran past the house, and the Pe" })).toBe("rfume");
    // After a space, or with no word of the user's that fits: nothing.
    expect(completeOffline({ ...base, text: "The Perfume River ran past the house " })).toBe("");
    expect(completeOffline({ ...base, text: "The Perfume River ran past the xy" })).toBe("");
    expect(completeOffline({ ...base, text: "Short Sh" })).toBe("");
  });

  it("asks a follow-up question about the topic that was not asked yet, in the book's language", () => {
    const first = followupOffline({ question: "", currentText: "", storyTitle: "", topic, language: "vi" });
    expect(first).toMatch(/\?$/);
    const next = followupOffline({ question: first, currentText: "", storyTitle: "", topic, language: "vi" });
    expect(next).not.toBe(first);
    expect(
      followupOffline({ question: "", currentText: `Bà kể.\n→ ${first}`, storyTitle: "", topic, language: "vi" }),
    ).not.toBe(first);
  });
});
