import { describe, expect, it } from "vitest";
import { pageOf, PREVIEW_BLOCK_MAX_CHARS, previewBlocks, previewPage, readablePreviewText } from "./preview-blocks";

describe("preview blocks", () => {
  it("reads headings, paragraphs and both forms of image marker", () => {
    const text =
      "# Our book\n\n## Childhood\n\nWe lived by the river.\nEvery morning we swam.\n\n" +
      "[IMAGE ID:12: The old house]\n\n[IMAGE 2: Bà ngoại]";
    expect(previewBlocks(text)).toEqual([
      { kind: "heading", level: 1, text: "Our book" },
      { kind: "heading", level: 2, text: "Childhood" },
      { kind: "paragraph", text: "We lived by the river.\nEvery morning we swam." },
      { kind: "image", src: "/api/media/render/id:12", description: "The old house" },
      { kind: "image", src: `/api/media/render/${encodeURIComponent("Bà ngoại")}`, description: "Bà ngoại" },
    ]);
  });

  it("splits a marker out of the paragraph it was written in", () => {
    expect(previewBlocks("Before.\n[IMAGE ID:3: A photo]\nAfter.").map((b) => b.kind)).toEqual([
      "paragraph",
      "image",
      "paragraph",
    ]);
  });

  it("pages blocks and clamps the page", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 10, 3)).toEqual({ items: [20, 21, 22], page: 3, count: 3 });
    expect(pageOf(items, 10, 9).page).toBe(3);
    expect(pageOf([], 15, 1)).toEqual({ items: [], page: 1, count: 1 });
  });

  it("cuts a paragraph longer than a block may be between words, so that a page stays small", () => {
    const long = "word ".repeat((3 * PREVIEW_BLOCK_MAX_CHARS) / 5).trim();
    const blocks = previewBlocks(`# Title\n\n${long}\n\nShort one.`);
    expect(blocks.length).toBe(1 + 3 + 1);
    for (const block of blocks)
      if (block.kind === "paragraph") expect(block.text.length).toBeLessThanOrEqual(PREVIEW_BLOCK_MAX_CHARS);
    expect(
      blocks
        .slice(1, 4)
        .map((block) => (block.kind === "paragraph" ? block.text : ""))
        .join(" "),
    ).toBe(long);
    // A text without spaces is cut anyway.
    expect(previewBlocks("x".repeat(PREVIEW_BLOCK_MAX_CHARS * 2 + 1))).toHaveLength(3);
  });

  it("gives one page of a preview with its number and the count", () => {
    const text = Array.from({ length: 23 }, (_, i) => `Paragraph ${i + 1}.`).join("\n\n");
    expect(previewPage(text, 10, 3)).toEqual({
      blocks: ["Paragraph 21.", "Paragraph 22.", "Paragraph 23."].map((t) => ({ kind: "paragraph", text: t })),
      page: 3,
      count: 3,
    });
    expect(previewPage("", 10, 2)).toEqual({ blocks: [], page: 1, count: 1 });
  });
});

describe("a preview as downloaded text", () => {
  it("writes both kinds of image marker as a readable line and leaves the rest as it was", () => {
    const text =
      "# Đời bà\n\n[IMAGE ID:12: Bến sông năm 1970]\n\nBà kể: [IMAGE 3: Chợ Tết ] rồi thôi.\n\n[Bản ghi âm: 3:25]";
    expect(readablePreviewText(text, (caption) => `[Ảnh: ${caption}]`)).toBe(
      "# Đời bà\n\n[Ảnh: Bến sông năm 1970]\n\nBà kể: [Ảnh: Chợ Tết] rồi thôi.\n\n[Bản ghi âm: 3:25]",
    );
  });
});
