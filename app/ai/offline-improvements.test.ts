import { describe, expect, it } from "vitest";
import { parseImprovementSuggestions } from "~/routes/topics/improvement-suggestions";
import { checkStory, suggestImprovementsOffline } from "./offline-improvements";

const VI_RICH =
  "Năm 1968, gia đình tôi chuyển từ Huế ra Hà Nội. Bà ngoại tôi ở lại quê, trong căn nhà nhỏ bên sông. " +
  "Mỗi sáng bà dậy sớm thổi cơm, mùi khói bếp thơm cả xóm. Tôi nhớ tiếng gà gáy và giọng bà gọi tôi dậy đi học.\n\n" +
  "Mùa đông năm ấy trời rét lắm. Mẹ đan cho tôi một chiếc áo len màu đỏ, mềm và ấm. Tôi mặc nó suốt cả mùa, " +
  "đến khi áo sờn cả hai khuỷu tay.\n\n" +
  "Chú Ba, em trai của bố, hay đạp xe từ Hà Đông lên thăm chúng tôi vào Chủ nhật, mang theo bánh khúc nóng hổi. " +
  "Cả nhà ngồi quây quần bên bếp lửa nghe chú kể chuyện ngày còn đi bộ đội, kể đến khuya mới thôi. " +
  "Bây giờ mỗi lần ăn bánh khúc tôi lại nhớ chú.";

const VI_SHORT = "Tôi rất nhớ những ngày ấy. Chú ý giữ gìn.";

const EN_VAGUE = [
  "It was a very nice time and it was very very good and we were very happy, " +
    "and it was very fine and the food was very nice",
  "and everything was very nice and good for everyone, who was very nice, " +
    "and it kept being very nice all along until the very end",
  "of the very nice time when everything finally ended and everyone was sad that it ended so soon after it started " +
    "so nicely.",
].join(" ");

const EN_RICH =
  "Uncle Tom drove us to the beach in the summer of 1972. " +
  "I remember the salty smell of the sea and the bright red umbrella my mother had sewn herself.";

describe("checkStory / suggestImprovementsOffline", () => {
  it("finds nothing to suggest in a rich Vietnamese story, and names what is good in it, in Vietnamese", () => {
    const { suggestions, strengths } = checkStory({ content: VI_RICH, language: "vi" });
    expect(suggestions).toEqual([]);
    // About 160 syllables: neither short (under 70) nor yet the good length (200) that would be praised.
    expect(strengths).toEqual([
      "Bài viết được chia thành 3 đoạn.",
      "Có nhắc đến những người trong câu chuyện (Chú Ba, gia đình, Bà ngoại, bà).",
      "Có mốc thời gian (1968, Mỗi sáng, Mùa đông, năm ấy).",
      "Có nói rõ nơi chốn (Huế, Hà Nội, Hà Đông, quê).",
      "Có chi tiết gợi giác quan (hình ảnh, âm thanh, mùi hương, cảm giác).",
    ]);
  });

  it("asks a short Vietnamese text for more, for who, where and the senses; 'chú ý' (attention) is no uncle", () => {
    const { suggestions, strengths } = checkStory({ content: VI_SHORT, language: "vi" });
    expect(suggestions).toEqual([
      expect.stringMatching(/^Câu chuyện còn ngắn \(10 chữ\)\./),
      expect.stringMatching(/^Hãy cho biết những ai có mặt/),
      expect.stringMatching(/^Hãy cho biết chuyện xảy ra ở đâu/),
      expect.stringMatching(/^Hãy thêm những gì bạn đã thấy, nghe, ngửi, nếm hay cảm nhận/),
    ]);
    expect(strengths).toEqual(["Có mốc thời gian (ngày ấy)."]);
  });

  it(
    "names repeated words, finds one long block and a very long sentence, " +
      "and asks when, where and what the senses caught",
    () => {
      const { suggestions, strengths } = checkStory({ content: EN_VAGUE, language: "en" });
      expect(suggestions).toEqual([
        expect.stringMatching(/^Some words come up often: “very” \(11 times\), “nice” \(6 times\)\./),
        "Say when it happened: the year, the season, or how old you were.",
        "Say where it happened: the town or village, the house, the room.",
        "Add what you saw, heard, smelled, tasted or felt, so readers can picture the moment.",
        expect.stringMatching(
          /^The sentence beginning “It was a very nice time…” has \d+ words\. Split it into shorter sentences\.$/,
        ),
      ]);
      // "we" and "everyone": there are people, so no "who" suggestion, but no names to praise either.
      expect(strengths).toEqual([]);
      const long = `${EN_VAGUE} ${EN_VAGUE.replace(/ the /g, " a ")}`;
      expect(checkStory({ content: long, language: "en" }).suggestions).toContainEqual(
        expect.stringMatching(/^The text is one block of \d+ words\./),
      );
    },
  );

  it("does not count the topic's own words or people as repetition", () => {
    const text =
      "Grandma's garden. Grandma planted roses in the garden, and the garden grew. We sat in the garden. " +
      "The garden was green, the garden smelled sweet.";
    expect(checkStory({ content: text, language: "en", topicTitle: "The garden" }).suggestions.join(" ")).not.toContain(
      "“garden”",
    );
    expect(checkStory({ content: text, language: "en" }).suggestions.join(" ")).toContain(
      "The word “garden” comes up 6 times.",
    );
  });

  it("counts a word that only starts sentences, but not a name written with a capital mid-sentence", () => {
    const text =
      "Rất vui. Rất buồn. Rất nhớ. Rất thương. Tôi gặp Minh ở chợ, rồi Minh về nhà, Minh ăn cơm và Minh ngủ.";
    const [repeated] = checkStory({ content: text, language: "vi" }).suggestions.filter((s) => s.includes("lặp lại"));
    expect(repeated).toBe("Từ “rất” lặp lại 4 lần. Ở chỗ phù hợp, hãy thay bằng từ khác hoặc bỏ bớt.");
  });

  it("praises a long story's length", () => {
    const long = Array.from({ length: 4 }, () => VI_RICH).join("\n\n");
    expect(checkStory({ content: long, language: "vi" }).strengths[0]).toMatch(/^Độ dài tốt \(\d{3} chữ\)\.$/);
  });

  it("praises a short English story for what it has and still says it is short", () => {
    const { suggestions, strengths } = checkStory({ content: EN_RICH, language: "en" });
    expect(suggestions).toEqual([expect.stringMatching(/^The story is short \(30 words\)\./)]);
    expect(strengths).toEqual([
      "It names the people in it (Uncle Tom, mother).",
      "It says when things happened (1972, summer).",
      "It says where things happened (beach, sea).",
      "It has sensory detail (sight, smell, taste).",
    ]);
  });

  it("writes a heading, numbered suggestions and a Strengths section that the client's parser reads back", () => {
    const text = suggestImprovementsOffline({ content: EN_RICH, language: "en" });
    expect(text.split("\n")[0]).toBe("Suggestions for improvement");
    expect(text).toContain("\n\nStrengths\n1. It names the people in it");
    expect(parseImprovementSuggestions(text)).toEqual(checkStory({ content: EN_RICH, language: "en" }));
    const vi = suggestImprovementsOffline({ content: VI_RICH, language: "vi" });
    expect(vi.startsWith("Điểm mạnh\n1. ")).toBe(true);
    expect(parseImprovementSuggestions(vi)).toEqual(checkStory({ content: VI_RICH, language: "vi" }));
  });
});
