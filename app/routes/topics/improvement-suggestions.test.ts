import { describe, expect, it } from "vitest";
import { parseImprovementSuggestions } from "./improvement-suggestions";

describe("parseImprovementSuggestions", () => {
  it("reads the offline format: a heading, numbered suggestions, then Strengths", () => {
    const text =
      "Suggestions for improvement\n1. Say when it happened.\n2. Add what you heard.\n\nStrengths\n" +
      "1. It names the people in it (mother).";
    expect(parseImprovementSuggestions(text)).toEqual({
      suggestions: ["Say when it happened.", "Add what you heard."],
      strengths: ["It names the people in it (mother)."],
    });
  });

  it("reads Vietnamese headings (Điểm mạnh, Ưu điểm) with colons", () => {
    const text =
      "Gợi ý cải thiện:\n1. Hãy cho biết chuyện xảy ra ở đâu.\n\nĐiểm mạnh:\n1. Có mốc thời gian (1968).\n\n" +
      "Ưu điểm\n- Bài viết được chia thành 3 đoạn.";
    expect(parseImprovementSuggestions(text)).toEqual({
      suggestions: ["Hãy cho biết chuyện xảy ra ở đâu."],
      strengths: ["Có mốc thời gian (1968).", "Bài viết được chia thành 3 đoạn."],
    });
  });

  it(
    "reads what a language model tends to write: " +
      "markdown, bold, 1) numbering, bullets, wrapped items, an intro and an outro",
    () => {
      const text = [
        "Here are some ideas to make your story stronger:",
        "",
        "## Areas to improve",
        "",
        "1) **Add dates:** Mention the year you moved,",
        "   so readers can place the story.",
        "2) **Describe the house** – what did it look like?",
        "   - the colour of the walls",
        "",
        "**Strengths:**",
        "* Vivid *smells* of the kitchen",
        "• Warm tone throughout",
        "",
        "I hope this helps! Let me know if you want more.",
      ].join("\n");
      expect(parseImprovementSuggestions(text)).toEqual({
        suggestions: [
          "Add dates: Mention the year you moved, so readers can place the story.",
          "Describe the house – what did it look like? the colour of the walls",
        ],
        strengths: ["Vivid smells of the kitchen", "Warm tone throughout"],
      });
    },
  );

  it("reads bold numbers, (1) numbering and CRLF line ends", () => {
    const text = "**1. Dates:** Say when.\r\n(2) Say where.\r\n\r\n### What works well\r\n- Clear voice";
    expect(parseImprovementSuggestions(text)).toEqual({
      suggestions: ["Dates: Say when.", "Say where."],
      strengths: ["Clear voice"],
    });
  });

  it("reads text with no item markers one paragraph per suggestion, leaving headings out", () => {
    const text = "Suggestions:\n\nTell us more about your father.\nWhat was his job?\n\nAdd the year.";
    expect(parseImprovementSuggestions(text)).toEqual({
      suggestions: ["Tell us more about your father. What was his job?", "Add the year."],
      strengths: [],
    });
  });

  it("gives nothing for empty text", () => {
    expect(parseImprovementSuggestions("  \n ")).toEqual({ suggestions: [], strengths: [] });
  });
});
