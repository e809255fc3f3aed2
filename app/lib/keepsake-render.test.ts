import { describe, expect, it } from "vitest";
import { sampleDocument } from "../../tests/support/keepsake-sample";
import { escapeHtml } from "./html";
import {
  bookJsonParts,
  escapeMarkdown,
  htmlParts,
  joinParts,
  markdownParts,
  renderHtml,
  renderLibraryIndex,
  renderMarkdown,
  type KeepsakeLabels,
} from "./keepsake-render";

const labels: KeepsakeLabels = {
  contents: "Contents",
  draft: "Draft",
  archived: "Archived topic",
  question: "Question",
  recording: "Recording",
  transcription: "Transcription",
  exported: "Exported from Heirloom on 01/11/2026",
  cover: "Cover",
  noStories: "No stories yet.",
};

const hostile = () => {
  const doc = sampleDocument();
  doc.book.title = `<img src=x onerror="alert(1)"> & 'quotes'`;
  doc.book.cover = { file: "media/cover.webp" };
  const story = doc.topics[0]!.stories[0]!;
  story.title = "</h3><script>alert(1)</script>";
  story.content =
    "Line *one* with [a link](javascript:alert(1)) and <b>bold</b>\nline two\n\n# not a heading\n- not a list\n" +
    "1. not a list either\n    not code\n> not a quote";
  story.media[0]!.description = `"><svg onload=alert(1)>`;
  return doc;
};

describe("book.html", () => {
  it(
    "is in the book's language, in book order, with every story, " +
      "labels for drafts and archived topics, pictures and recordings",
    () => {
      const html = renderHtml(sampleDocument(), labels);
      expect(html).toMatch(/^<!doctype html>\n<html lang="vi">\n<head>\n<meta charset="utf-8">/);
      expect(html).toContain("<title>Bà nội</title>");
      expect(html).toContain('<li><a href="#topic-1">Quê nhà</a></li>\n<li><a href="#topic-2">Cũ</a></li>');
      expect(html.indexOf('<section class="topic" id="topic-1">')).toBeLessThan(
        html.indexOf('<section class="topic" id="topic-2">'),
      );
      expect(html).toContain('<h2>Cũ <span class="label">Archived topic</span></h2>');
      expect(html).toContain('<h3>Chưa xong <span class="label">Draft</span></h3>');
      expect(html).toContain("<h3>Làng</h3>");
      expect(html).toContain("<blockquote><em>Question:</em> Bà lớn lên ở đâu?</blockquote>");
      expect(html).toContain(
        '<img src="media/001-ben-song.webp" alt="Bến sông" loading="lazy"><figcaption>Bến sông</figcaption>',
      );
      expect(html).toContain(
        '<audio controls preload="none" src="media/002-giong-ba.webm">' +
          '<a href="media/002-giong-ba.webm">Recording</a></audio>',
      );
      expect(html).toContain("<strong>Transcription:</strong> <p>Hồi đó…</p>");
      expect(html).toContain('<p class="meta">No stories yet.</p>');
      expect(html).toContain("@media print");
      expect(html).not.toContain("Bản thảo"); // a topic's draft narrative stays in book.json
    },
  );

  it("shows a story's refined text when it has one", () => {
    const doc = sampleDocument();
    doc.topics[0]!.stories[0]!.refinedContent = "Refined.";
    expect(renderHtml(doc, labels)).toContain("<p>Refined.</p>");
    expect(renderHtml(doc, labels)).not.toContain("Ngày xưa");
  });

  it("escapes everything the family typed, in text and attributes", () => {
    const html = renderHtml(hostile(), labels);
    expect(html).not.toMatch(/<script|<svg|<img src=x|<b>/);
    expect(html).toContain("<h1>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</h1>");
    expect(html).toContain("<h3>&lt;/h3&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h3>");
    expect(html).toContain('alt="&quot;&gt;&lt;svg onload=alert(1)&gt;"');
    expect(html).toContain(
      "Line *one* with [a link](javascript:alert(1)) and &lt;b&gt;bold&lt;/b&gt;<br>\nline two</p>",
    );
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });

  it("links each book of an all-books export", () => {
    const index = renderLibraryIndex({
      language: "en",
      title: "Books",
      exported: "Exported",
      books: [{ folder: "books/01-a/", title: "<A>" }],
    });
    expect(index).toContain('<html lang="en">');
    expect(index).toContain('<li><a href="books/01-a/book.html">&lt;A&gt;</a></li>');
  });
});

describe("book.md", () => {
  it("reads in book order with headings, drafts marked, the question, photos and recordings as relative links", () => {
    const markdown = renderMarkdown(sampleDocument(), labels);
    expect(markdown).toBe(
      `${[
        "# Bà nội",
        "Chuyện nhà",
        "*Exported from Heirloom on 01/11/2026*",
        "## Contents",
        "1. Quê nhà\n2. Cũ",
        "## Quê nhà",
        "Làng ven sông",
        "### Làng",
        "> *Question:* Bà lớn lên ở đâu?",
        "Ngày xưa…",
        "![Bến sông](<media/001-ben-song.webp>)",
        "[Recording](<media/002-giong-ba.webm>)\n\n> **Transcription:** Hồi đó…",
        "### Chưa xong *(Draft)*",
        "…",
        "## Cũ",
        "*Archived topic*",
        "*No stories yet.*",
      ].join("\n\n")}\n`,
    );
  });

  it("escapes what Markdown would read as markup or HTML", () => {
    const markdown = renderMarkdown(hostile(), labels);
    expect(markdown).toContain("# \\<img src=x onerror=\"alert(1)\"\\> \\& 'quotes'\n");
    expect(markdown).toContain("### \\</h3\\>\\<script\\>alert(1)\\</script\\>\n");
    expect(markdown).toContain(
      "Line \\*one\\* with \\[a link\\](javascript:alert(1)) and \\<b\\>bold\\</b\\>\\\nline two",
    );
    expect(markdown).toContain(
      "\n\\# not a heading\\\n\\- not a list\\\n1\\. not a list either\\\nnot code\\\n\\> not a quote\n",
    );
    expect(markdown).toContain('![\\"\\>\\<svg onload=alert(1)\\>](<media/001-ben-song.webp>)'.replace('\\"', '"'));
    expect(markdown).toContain("![Cover](<media/cover.webp>)");
    expect(escapeMarkdown("a_b*c`d[e]f<g>h|i~j&k\\l")).toBe("a\\_b\\*c\\`d\\[e\\]f\\<g\\>h\\|i\\~j\\&k\\\\l");
    const closing = sampleDocument();
    closing.topics[0]!.title = "Số 5 ##";
    expect(renderMarkdown(closing, labels)).toContain("## Số 5 \\##\n");
  });
});

describe("book.json in pieces", () => {
  it("is exactly the pretty JSON of the whole document, whatever is empty", () => {
    const empty = sampleDocument();
    empty.topics = [];
    const noStories = sampleDocument();
    noStories.topics.forEach((topic) => (topic.stories = []));
    for (const doc of [sampleDocument(), hostile(), empty, noStories]) {
      expect(joinParts(bookJsonParts(doc), { separator: "", end: "" })).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    }
  });

  it("gives each story its own piece, so no piece holds a whole book", () => {
    const doc = sampleDocument();
    const pieces = [...bookJsonParts(doc)];
    const story = doc.topics[0]!.stories[0]!;
    expect(pieces.filter((piece) => piece.includes(`"title": ${JSON.stringify(story.title)}`))).toHaveLength(1);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(JSON.stringify(doc, null, 2).length / 2);
  });
});

describe("the readable files in pieces", () => {
  it("are a paragraph at a time", () => {
    const doc = sampleDocument();
    doc.topics[0]!.stories[0]!.content = "One.\n\nTwo.\n\nThree.";
    expect([...markdownParts(doc, labels)]).toEqual(expect.arrayContaining(["One.", "Two.", "Three."]));
    expect([...htmlParts(doc, labels)]).toEqual(
      expect.arrayContaining(["<p>One.</p>", "<p>Two.</p>", "<p>Three.</p>"]),
    );
  });
});
