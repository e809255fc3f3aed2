import type { KeepsakeDocument, KeepsakeMedia, KeepsakeStory } from "./keepsake-format";
import { escapeHtml } from "./html";

/**
 * The readable copies of an export: `book.md` and `book.html`, in book order, from the same document as
 * `book.json`. Everything is in them, drafts and archived topics too, each marked: an export is the
 * family's full copy, not the shared reading page (ADR 0014). A story reads as the app shows it (its
 * refined text when there is one). Text is escaped for each format, so a story can never become markup.
 */
export type KeepsakeLabels = {
  contents: string;
  draft: string;
  archived: string;
  question: string;
  recording: string;
  transcription: string;
  /** "Exported from Heirloom on 22/11/2026", already filled in. */
  exported: string;
  cover: string;
  noStories: string;
};

const storyText = (story: KeepsakeStory) => (story.refinedContent?.trim() ? story.refinedContent : story.content);
const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function questionsByKey(doc: KeepsakeDocument): Map<string, string> {
  return new Map(doc.topics.flatMap((topic) => topic.questions.map((q) => [q.key, q.question] as const)));
}

// ---------------------------------------------------------------- Markdown

/**
 * Inline text with the characters that start inline markup backslash-escaped: emphasis, code, links, raw HTML,
 * entities, GFM tables and strikethrough.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>|~&]/g, "\\$&");
}

/** A heading's text on one line; a `#` at its end would otherwise close the heading. */
function markdownHeading(text: string): string {
  return escapeMarkdown(text.replace(/\s+/g, " ").trim()).replace(/#(#*)$/, "\\#$1");
}

/** One line of a paragraph: inline escapes, plus what would start a list, heading, quote or code block. */
function markdownLine(line: string): string {
  const escaped = escapeMarkdown(line.trimStart());
  return escaped.replace(/^([+\-=#])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
}

function markdownParagraph(text: string): string {
  // A line break inside a paragraph stays one (CommonMark's hard break: a backslash at the end of the line).
  return text.split("\n").map(markdownLine).join("\\\n");
}

function markdownMedia(item: KeepsakeMedia, labels: KeepsakeLabels): string {
  const description = escapeMarkdown(item.description.replace(/\s+/g, " ").trim());
  const lines =
    item.type === "image"
      ? [`![${description}](<${item.file}>)`]
      : [`[${escapeMarkdown(labels.recording)}${description ? `: ${description}` : ""}](<${item.file}>)`];
  if (item.transcription?.trim())
    lines.push(
      "",
      `> **${escapeMarkdown(labels.transcription)}:** ` +
        `${paragraphs(item.transcription).map(markdownParagraph).join("\n>\n> ")}`,
    );
  return lines.join("\n");
}

/**
 * book.md in pieces, a story's paragraph or photo at a time: joined by blank lines, they are the file (see
 * `joinParts`).
 */
export function* markdownParts(doc: KeepsakeDocument, labels: KeepsakeLabels): Generator<string> {
  const questions = questionsByKey(doc);
  yield `# ${markdownHeading(doc.book.title)}`;
  if (doc.book.description.trim()) yield paragraphs(doc.book.description).map(markdownParagraph).join("\n\n");
  yield `*${escapeMarkdown(labels.exported)}*`;
  if (doc.book.cover && "file" in doc.book.cover) yield `![${escapeMarkdown(labels.cover)}](<${doc.book.cover.file}>)`;
  if (doc.topics.length) {
    yield `## ${markdownHeading(labels.contents)}`;
    yield doc.topics.map((topic, i) => `${i + 1}. ${markdownHeading(topic.title)}`).join("\n");
  }
  for (const topic of doc.topics) {
    yield `## ${markdownHeading(topic.title)}`;
    if (topic.archived) yield `*${escapeMarkdown(labels.archived)}*`;
    if (topic.description.trim()) yield paragraphs(topic.description).map(markdownParagraph).join("\n\n");
    if (topic.stories.length === 0) yield `*${escapeMarkdown(labels.noStories)}*`;
    for (const story of topic.stories) {
      const draft = story.status === "draft" ? ` *(${escapeMarkdown(labels.draft)})*` : "";
      yield `### ${markdownHeading(story.title)}${draft}`;
      const question = story.question ? questions.get(story.question) : undefined;
      if (question) yield `> *${escapeMarkdown(labels.question)}:* ${escapeMarkdown(question.replace(/\s+/g, " "))}`;
      for (const paragraph of paragraphs(storyText(story))) yield markdownParagraph(paragraph);
      for (const item of story.media) yield markdownMedia(item, labels);
    }
  }
}

export const MARKDOWN_JOIN = { separator: "\n\n", end: "\n" };

export function renderMarkdown(doc: KeepsakeDocument, labels: KeepsakeLabels): string {
  return joinParts(markdownParts(doc, labels), MARKDOWN_JOIN);
}

// ---------------------------------------------------------------- HTML

const htmlParagraph = (p: string) => `<p>${p.split("\n").map(escapeHtml).join("<br>\n")}</p>`;
const htmlParagraphs = (text: string) => paragraphs(text).map(htmlParagraph);

// Small and print-friendly: a book's page is read on a phone, a tablet or paper. A `\` at a line's end
// continues that line: the stylesheet in book.html keeps one rule a line.
const STYLE = `
:root { color-scheme: light; }
body { font: 1.1rem/1.6 Georgia, "Times New Roman", serif; color: #222; background: #fff; max-width: 42rem; \
margin: 0 auto; padding: 1.5rem; }
h1, h2, h3 { line-height: 1.25; font-family: system-ui, sans-serif; }
h1 { font-size: 2rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ccc; } h3 { margin-top: 2rem; }
img { max-width: 100%; height: auto; } audio { width: 100%; }
figure { margin: 1rem 0; } figcaption, .meta { color: #555; font-size: 0.9rem; }
.cover { max-width: 16rem; }
.label { font: 0.8rem system-ui, sans-serif; border: 1px solid #888; border-radius: 0.25rem; padding: 0 0.35rem; \
vertical-align: middle; }
blockquote { margin: 0.5rem 0; padding-left: 1rem; border-left: 3px solid #ccc; color: #444; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .topic { break-before: page; }
  audio { display: none; }
  img { max-height: 14cm; break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}`;

function htmlMedia(item: KeepsakeMedia, labels: KeepsakeLabels): string {
  const description = escapeHtml(item.description);
  const src = escapeHtml(item.file);
  const body =
    item.type === "image"
      ? `<img src="${src}" alt="${description}" loading="lazy">` +
        `${description ? `<figcaption>${description}</figcaption>` : ""}`
      : `<figcaption>${escapeHtml(labels.recording)}${description ? `: ${description}` : ""}</figcaption>\n` +
        `<audio controls preload="none" src="${src}"><a href="${src}">${escapeHtml(labels.recording)}</a></audio>`;
  const transcription = item.transcription?.trim()
    ? `\n<blockquote><strong>${escapeHtml(labels.transcription)}:</strong> ` +
      `${htmlParagraphs(item.transcription).join("\n")}</blockquote>`
    : "";
  return `<figure>${body}${transcription}</figure>`;
}

/**
 * book.html in pieces, a story's paragraph or photo at a time: joined by line breaks, they are the file (see
 * `joinParts`).
 */
export function* htmlParts(doc: KeepsakeDocument, labels: KeepsakeLabels): Generator<string> {
  const questions = questionsByKey(doc);
  const draft = `<span class="label">${escapeHtml(labels.draft)}</span>`;
  yield `<!doctype html>\n<html lang="${doc.book.language}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">`;
  yield `<title>${escapeHtml(doc.book.title)}</title>\n<style>${STYLE}\n</style>\n</head>\n<body>\n<header>`;
  yield `<h1>${escapeHtml(doc.book.title)}</h1>`;
  yield* htmlParagraphs(doc.book.description);
  yield `<p class="meta">${escapeHtml(labels.exported)}</p>`;
  if (doc.book.cover && "file" in doc.book.cover)
    yield `<img class="cover" src="${escapeHtml(doc.book.cover.file)}" alt="${escapeHtml(labels.cover)}">`;
  yield "</header>";
  if (doc.topics.length) {
    yield `<nav aria-labelledby="contents"><h2 id="contents">${escapeHtml(labels.contents)}</h2>\n<ol>`;
    yield* doc.topics.map((topic, i) => `<li><a href="#topic-${i + 1}">${escapeHtml(topic.title)}</a></li>`);
    yield "</ol></nav>";
  }
  for (const [i, topic] of doc.topics.entries()) {
    const archived = topic.archived ? ` <span class="label">${escapeHtml(labels.archived)}</span>` : "";
    yield `<section class="topic" id="topic-${i + 1}">\n<h2>${escapeHtml(topic.title)}${archived}</h2>`;
    yield* htmlParagraphs(topic.description);
    if (topic.stories.length === 0) yield `<p class="meta">${escapeHtml(labels.noStories)}</p>`;
    for (const story of topic.stories) {
      yield `<article>\n<h3>${escapeHtml(story.title)}${story.status === "draft" ? ` ${draft}` : ""}</h3>`;
      const question = story.question ? questions.get(story.question) : undefined;
      if (question) yield `<blockquote><em>${escapeHtml(labels.question)}:</em> ${escapeHtml(question)}</blockquote>`;
      for (const paragraph of paragraphs(storyText(story))) yield htmlParagraph(paragraph);
      for (const item of story.media) yield htmlMedia(item, labels);
      yield "</article>";
    }
    yield "</section>";
  }
  yield "</body>\n</html>\n";
}

export const HTML_JOIN = { separator: "\n", end: "" };

export function renderHtml(doc: KeepsakeDocument, labels: KeepsakeLabels): string {
  return joinParts(htmlParts(doc, labels), HTML_JOIN);
}

/**
 * book.json in pieces, a story at a time: together, exactly `JSON.stringify(doc, null, 2)` and a line
 * break. A story is its own piece, indented where it sits, so an export never stringifies a whole book
 * in one go (ADR 0023).
 */
export function* bookJsonParts(doc: KeepsakeDocument): Generator<string> {
  const pretty = (value: unknown, indent: string) => JSON.stringify(value, null, 2).replaceAll("\n", `\n${indent}`);
  // `topics` is the document's last key and `stories` a topic's (buildBookExport makes them so), so each
  // object is its other keys, stringified, with the list spliced in before its closing brace.
  const open = (value: object, indent: string, key: string) =>
    `${pretty(value, indent).slice(0, -(indent.length + 2))},\n${indent}  "${key}": [`;
  const close = (count: number, indent: string) => `${count ? `\n${indent}  ]` : "]"}\n${indent}}`;
  const { topics, ...head } = doc;
  yield open(head, "", "topics");
  for (const [t, topic] of topics.entries()) {
    const { stories, ...rest } = topic;
    yield `${t ? "," : ""}\n    ${open(rest, "    ", "stories")}`;
    for (const [s, story] of stories.entries()) yield `${s ? "," : ""}\n        ${pretty(story, "        ")}`;
    yield close(stories.length, "    ");
  }
  yield `${close(topics.length, "")}\n`;
}

/** Pieces joined as the whole file would be: `separator` between them and `end` after the last. */
export function joinParts(parts: Iterable<string>, { separator, end }: { separator: string; end: string }): string {
  return `${[...parts].join(separator)}${end}`;
}

/** `index.html` of an all-books export: a link to each book's readable page. */
export function renderLibraryIndex({
  language,
  title,
  exported,
  books,
}: {
  language: string;
  title: string;
  exported: string;
  books: { folder: string; title: string }[];
}): string {
  const items = books
    .map((book) => `<li><a href="${escapeHtml(`${book.folder}book.html`)}">${escapeHtml(book.title)}</a></li>`)
    .join("\n");
  return [
    `<!doctype html>\n<html lang="${escapeHtml(language)}">\n<head>\n<meta charset="utf-8">\n` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>\n<style>${STYLE}\n</style>\n</head>\n<body>`,
    `<h1>${escapeHtml(title)}</h1>\n<p class="meta">${escapeHtml(exported)}</p>\n` +
      `<ol>\n${items}\n</ol>\n</body>\n</html>\n`,
  ].join("\n");
}
