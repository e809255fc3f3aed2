import { describe, expect, it } from "vitest";
import { asksForEditor, opensEditor } from "./editor-focus";

const q = (search: string) => new URLSearchParams(search);

describe("which navigations open the workspace's editor", () => {
  it("asks for an editor only with a parameter that opens one, and no dialog over it", () => {
    expect(asksForEditor(q("openEditor=story&topicId=2"))).toBe(true);
    expect(asksForEditor(q("storyId=7"))).toBe(true);
    expect(asksForEditor(q("topicId=2"))).toBe(false);
    expect(asksForEditor(q("reorder=1"))).toBe(false);
    expect(asksForEditor(q("storyId=7&dialog=share"))).toBe(false);
  });

  it("counts a link that changes the editor, and the same link followed again", () => {
    expect(opensEditor(q(""), q("openEditor=story&topicId=2"))).toBe(true);
    expect(opensEditor(q("storyId=7"), q("storyId=7"))).toBe(true);
    expect(opensEditor(q("openEditor=story&topicId=2"), q("openEditor=story&topicId=2&questionId=5"))).toBe(true);
  });

  it("leaves out a change beside the editor, and the closing of a dialog", () => {
    expect(opensEditor(q("storyId=7"), q("storyId=7&reorder=1"))).toBe(false);
    expect(opensEditor(q("storyId=7&reorder=1"), q("storyId=7"))).toBe(false);
    expect(opensEditor(q("storyId=7"), q("storyId=7&ptab=book"))).toBe(false);
    expect(opensEditor(q("openEditor=story&topicId=2&addQuestion=1"), q("openEditor=story&topicId=2"))).toBe(false);
    expect(opensEditor(q(""), q("ptab=book"))).toBe(false);
  });

  it("counts a changed editor behind other parameters", () => {
    expect(opensEditor(q("storyId=7&reorder=1"), q("storyId=8&reorder=1"))).toBe(true);
  });
});
