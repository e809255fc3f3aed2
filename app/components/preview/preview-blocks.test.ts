import { describe, expect, it } from "vitest";
import { pageOf, previewBlocks } from "./preview-blocks";

describe("preview blocks", () => {
  it("reads headings, paragraphs and both forms of image marker", () => {
    const text = "# Our book\n\n## Childhood\n\nWe lived by the river.\nEvery morning we swam.\n\n[IMAGE ID:12: The old house]\n\n[IMAGE 2: Bà ngoại]";
    expect(previewBlocks(text)).toEqual([
      { kind: "heading", level: 1, text: "Our book" },
      { kind: "heading", level: 2, text: "Childhood" },
      { kind: "paragraph", text: "We lived by the river.\nEvery morning we swam." },
      { kind: "image", src: "/api/media/render/id:12", description: "The old house" },
      { kind: "image", src: `/api/media/render/${encodeURIComponent("Bà ngoại")}`, description: "Bà ngoại" },
    ]);
  });

  it("splits a marker out of the paragraph it was written in", () => {
    expect(previewBlocks("Before.\n[IMAGE ID:3: A photo]\nAfter.").map((b) => b.kind)).toEqual(["paragraph", "image", "paragraph"]);
  });

  it("pages blocks and clamps the page", () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 10, 3)).toEqual({ items: [20, 21, 22], page: 3, count: 3 });
    expect(pageOf(items, 10, 9).page).toBe(3);
    expect(pageOf([], 15, 1)).toEqual({ items: [], page: 1, count: 1 });
  });
});
