import { describe, expect, it } from "vitest";
import { keepAiWords, splitAiWords, withoutAiWords } from "./ai-words";
import { previewBlocks, readablePreviewText } from "./preview-blocks";

// A chapter as a model writes it when told to mark its own words (app/ai/prompts.ts).
const chapter = [
  "Bà kể rằng nhà bà ở cạnh bến sông.",
  "[AI: Rồi một mùa hè khác đến.]",
  "Tết nào mẹ cũng dẫn bà đi chợ. [AI: Chợ đông vui lắm.]",
  "[IMAGE ID:4: Chợ Tết]",
].join("\n\n");

describe("the AI's words in a preview (issue 35)", () => {
  it("are their own blocks, numbered in the whole text, wherever the model put them", () => {
    expect(previewBlocks(chapter)).toEqual([
      { kind: "paragraph", text: "Bà kể rằng nhà bà ở cạnh bến sông." },
      { kind: "ai", text: "Rồi một mùa hè khác đến.", index: 0 },
      { kind: "paragraph", text: "Tết nào mẹ cũng dẫn bà đi chợ." },
      { kind: "ai", text: "Chợ đông vui lắm.", index: 1 },
      { kind: "image", src: "/api/media/render/id:4", description: "Chợ Tết" },
    ]);
    expect(splitAiWords("No marker here.")).toEqual([{ ai: false, text: "No marker here." }]);
  });

  it("are left out of the downloaded text, with the blank line they stood in", () => {
    expect(withoutAiWords(chapter)).toBe(
      "Bà kể rằng nhà bà ở cạnh bến sông.\n\nTết nào mẹ cũng dẫn bà đi chợ.\n\n[IMAGE ID:4: Chợ Tết]",
    );
    expect(readablePreviewText(chapter, (caption) => `[Ảnh: ${caption}]`)).toBe(
      "Bà kể rằng nhà bà ở cạnh bến sông.\n\nTết nào mẹ cũng dẫn bà đi chợ.\n\n[Ảnh: Chợ Tết]",
    );
    expect(withoutAiWords("Mẹ [AI: hiền lành] nấu cơm.")).toBe("Mẹ nấu cơm.");
  });

  it("become plain text once kept, only the marker named and only with the words the owner saw", () => {
    const kept = keepAiWords(chapter, 1, "Chợ đông vui lắm.");
    expect(kept).toBe(chapter.replace("[AI: Chợ đông vui lắm.]", "Chợ đông vui lắm."));
    expect(readablePreviewText(kept!, (caption) => caption)).toContain(
      "Tết nào mẹ cũng dẫn bà đi chợ. Chợ đông vui lắm.",
    );
    expect(readablePreviewText(kept!, (caption) => caption)).not.toContain("Rồi một mùa hè khác đến.");
    expect(keepAiWords(chapter, 1, "Rồi một mùa hè khác đến.")).toBeNull();
    expect(keepAiWords(chapter, 2, "Chợ đông vui lắm.")).toBeNull();
  });
});
