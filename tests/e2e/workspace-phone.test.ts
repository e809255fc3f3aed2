import { describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import { expectNoAxeViolations, serverAndBrowser } from "../support/browser";
import { expectEditorOpenOn, expectReachable, LONG_TEXT, phone as phoneOf, seed } from "./phone-workspace";

// The workspace on a 390 px phone in Vietnamese (issue 20), with and without JavaScript: the editor comes into view
// when it opens, its primary actions stay in sight, the contents card is plain until "Sắp xếp" is asked for, and the
// preview's topics look openable.
const env = serverAndBrowser();

const phone = (javaScriptEnabled: boolean) => phoneOf(env, javaScriptEnabled);

const t = vi;

describe.each([true, false])("the workspace on a Vietnamese phone (JavaScript %s)", (javaScriptEnabled) => {
  it("opens a deep-linked editor in view, with the focus on its first field", async () => {
    const { page, post, put, open, assertNoErrors } = await phone(javaScriptEnabled);
    const { book, garden, question } = await seed(post, put);
    await page.evaluate(() => window.scrollTo(0, 0));
    await open(`/books/${book.id}?openEditor=story&topicId=${garden.id}&questionId=${question.id}`);
    await expectEditorOpenOn(page, page.getByLabel(t.storyEditor.title, { exact: true }));
    assertNoErrors();
  });

  it("keeps Save draft, Complete and Save topic in sight at the bottom of the editor's card", async () => {
    const { page, post, put, open, assertNoErrors } = await phone(javaScriptEnabled);
    const { book, garden, story } = await seed(post, put);
    const card = page.locator(".workspace-editor");
    await open(`/books/${book.id}?storyId=${story.id}`);
    const actions = [
      page.getByRole("button", { name: t.storyEditor.saveDraft }),
      page.getByRole("button", { name: t.storyEditor.complete }),
    ];
    await card.scrollIntoViewIfNeeded();
    for (const position of ["top", "middle", "bottom"] as const) {
      await card.evaluate((element, where) => {
        const end = element.scrollHeight - element.clientHeight;
        element.scrollTop = where === "top" ? 0 : where === "middle" ? end / 2 : end;
      }, position);
      for (const button of actions) await expectReachable(button, card);
    }

    // The topic editor's Save topic, with its long draft narrative shown.
    await put(`/api/topics/${garden.id}`, { preview: LONG_TEXT });
    await open(`/books/${book.id}?openEditor=topic&topicId=${garden.id}`);
    await page.getByRole("radio", { name: t.topicEditor.previewTab }).check();
    await card.scrollIntoViewIfNeeded();
    await card.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expectReachable(page.getByRole("button", { name: t.topicEditor.save }), card);
    assertNoErrors();
  });

  it("shows the contents plainly, and the handles and arrows only in the Reorder mode", async () => {
    const { page, post, put, open, assertNoErrors } = await phone(javaScriptEnabled);
    const { book } = await seed(post, put);
    await open(`/books/${book.id}`);
    const toc = page.locator(".workspace-toc");
    const shown = (name: string) => toc.getByRole("button", { name }).isVisible();
    const titles = () => toc.locator(".topic-list .item-title a").allTextContents();
    const upNgayCuoi = t.toc.moveUp.replace("{{title}}", "Ngày cưới");

    // The rail means nothing on a phone, and no topic carries arrows or a drag handle.
    expect(await page.getByRole("button", { name: t.workspace.collapse }).isVisible()).toBe(false);
    expect(await shown(upNgayCuoi)).toBe(false);
    expect(await toc.locator(".drag-handle:visible, .move-buttons:visible").count()).toBe(0);
    expect(await toc.getByRole("link", { name: "Cây khế" }).isVisible()).toBe(true);

    // Asked for, the Reorder mode shows them; a move keeps it.
    await toc.getByRole("link", { name: t.toc.reorder }).click();
    await expect.poll(() => shown(upNgayCuoi)).toBe(true);
    expect(await shown(t.toc.moveDown.replace("{{title}}", "Cây khế"))).toBe(true);
    // The page's own scripts are off without JavaScript, and axe with them: the markup is the same.
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await toc.getByRole("button", { name: upNgayCuoi }).click();
    await expect.poll(titles).toEqual(["Tuổi thơ", "Ngày cưới", "Khu vườn"]);
    expect(await shown(t.toc.moveUp.replace("{{title}}", "Khu vườn"))).toBe(true);
    if (javaScriptEnabled) {
      // Dragging works in the mode too, by keyboard from the handle.
      const handle = toc.getByRole("button", { name: t.toc.drag.replace("{{title}}", "Khu vườn") });
      await handle.focus();
      const said = (template: string, position: number) =>
        template.replace("{{title}}", "Khu vườn").replace("{{position}}", String(position)).replace("{{count}}", "3");
      for (const [key, announcement] of [
        // dnd-kit says where the picked-up topic is over right after picking it up.
        ["Space", said(t.toc.movedOver, 3)],
        ["ArrowUp", said(t.toc.movedOver, 2)],
        ["Space", said(t.toc.dropped, 2)],
      ] as const) {
        await page.keyboard.press(key);
        // Each list of stories has a drag-and-drop context, and a live region, of its own.
        await page.locator("[id^=DndLiveRegion]", { hasText: announcement }).waitFor({ state: "attached" });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      }
      await expect.poll(titles).toEqual(["Tuổi thơ", "Khu vườn", "Ngày cưới"]);
    }

    // Done puts the plain list back.
    await toc.getByRole("link", { name: t.toc.reorderDone }).click();
    await expect.poll(() => shown(t.toc.moveUp.replace("{{title}}", "Khu vườn"))).toBe(false);
    // Neither way into the mode or out of it opens the editor.
    expect(await page.evaluate(() => !!document.activeElement?.closest(".workspace-editor"))).toBe(false);
    expect(await toc.locator(".drag-handle:visible, .move-buttons:visible").count()).toBe(0);
    assertNoErrors();
  });

  it("opens the first preview topic with content, and shows every topic as openable with its story count", async () => {
    const { page, post, put, open, assertNoErrors } = await phone(javaScriptEnabled);
    const { book } = await seed(post, put);
    await open(`/books/${book.id}`);
    const topic = (title: string) => page.locator(".preview-topic", { has: page.getByText(title, { exact: true }) });
    expect(await topic("Khu vườn").getAttribute("open")).not.toBeNull();
    expect(await topic("Tuổi thơ").getAttribute("open")).toBeNull();
    expect(await topic("Khu vườn").locator(".preview-text").first().textContent()).toContain("cây khế");
    for (const [title, count] of [
      ["Tuổi thơ", 0],
      ["Khu vườn", 1],
      ["Ngày cưới", 1],
    ] as const) {
      const summary = topic(title).locator("summary");
      expect(await summary.innerText()).toContain(t.books.storyCount_other.replace("{{count}}", String(count)));
      expect(await summary.locator(".disclosure-marker").isVisible()).toBe(true);
    }
    // A tap opens a closed one.
    await topic("Tuổi thơ").locator("summary").click();
    await expect.poll(() => topic("Tuổi thơ").getAttribute("open")).not.toBeNull();
    assertNoErrors();
  });
});

describe("the workspace on a Vietnamese phone, with JavaScript", () => {
  it("brings the editor into view with the focus on its first field when a link opens it", async () => {
    const { page, post, put, open, assertNoErrors } = await phone(true);
    const { book } = await seed(post, put);
    await open(`/books/${book.id}`);
    const toc = page.locator(".workspace-toc");

    // "Thêm câu chuyện": a topic with open questions starts on them, the focus on their tab.
    await toc.getByRole("link", { name: t.books.addStoryTo.replace("{{topic}}", "Khu vườn") }).click();
    await expectEditorOpenOn(page, page.getByRole("radio", { name: t.storyEditor.tabQuestions }));

    // An interview question opens its form, the focus in its title.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Bà trồng gì trong vườn?" }).click();
    await expectEditorOpenOn(page, page.getByLabel(t.storyEditor.title, { exact: true }));

    // A story in the contents, and the topic's menu: back at the top of the page first each time.
    await page.evaluate(() => window.scrollTo(0, 0));
    await toc.getByRole("link", { name: "Áo dài đỏ" }).click();
    await page.getByRole("heading", { name: t.storyEditor.editTitle }).waitFor();
    await expectEditorOpenOn(page, page.getByLabel(t.storyEditor.title, { exact: true }));

    // The same link again, after scrolling away, brings it back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await toc.getByRole("link", { name: "Áo dài đỏ" }).click();
    await expectEditorOpenOn(page, page.getByLabel(t.storyEditor.title, { exact: true }));
    assertNoErrors();
  });
});
