import type { HtmlElement, HtmlNode } from "./html-tree";

/** Blocks set apart by a blank line, as a reader sees them; other blocks start a new line. */
const PARAGRAPHS = new Set(["p", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "table", "blockquote"]);
const LINES = new Set([
  ...["address", "article", "aside", "center", "dd", "details", "dialog", "div", "dl", "dt", "fieldset"],
  ...["figcaption", "figure", "footer", "form", "header", "hgroup", "li", "main", "nav", "section", "summary", "tr"],
]);

/** Outlook writes each line as a `<p class="MsoNormal">` without margins: a line, not a paragraph. */
const isOutlookLine = (element: HtmlElement) => /(^|\s)MsoNormal(\s|$)/i.test(element.attrs.class ?? "");

/**
 * The text a reader sees in an HTML body: blocks on their own lines, a blank line between paragraphs, `<br>` as a line
 * break, runs of spaces as one (except in `<pre>`), and no markup at all.
 */
export function htmlText(nodes: HtmlNode[]): string {
  // The pieces are joined once at the end, and how many line breaks end the text so far is counted as it grows:
  // asking a growing string how it ends flattens it every time, which made a body of many small texts quadratic.
  const parts: string[] = [];
  let newlines = -1; // -1 while nothing is written
  const write = (text: string) => {
    if (!text) return;
    parts.push(text);
    const trailing = text.length - text.replace(/\n+$/, "").length;
    newlines = trailing === text.length ? Math.max(newlines, 0) + trailing : trailing;
  };
  // Ends the current line (a block starts or ends), or leaves a blank line (a paragraph): never at the start, and never
  // more than asked, so that nested blocks do not pile up empty lines.
  const breakLine = (blank: boolean) => {
    const wanted = blank ? 2 : 1;
    if (newlines >= 0 && newlines < wanted) write("\n".repeat(wanted - newlines));
  };
  const walk = (node: HtmlNode, pre: boolean) => {
    if (typeof node === "string") {
      const text = pre ? node : node.replace(/[ \t\n\r\f]+/g, " ");
      // Only collapsible spaces go at a line's start: a no-break space is a character, so that Outlook's empty line
      // (`<p class="MsoNormal">&nbsp;</p>`) stays a line.
      write(!pre && newlines !== 0 ? text.replace(/^ /, "") : text);
      return;
    }
    const { tag } = node;
    if (tag === "br") write("\n");
    const paragraph = PARAGRAPHS.has(tag) && !isOutlookLine(node);
    const block = paragraph || LINES.has(tag) || tag === "p";
    if (block) breakLine(paragraph);
    for (const child of node.children) walk(child, pre || tag === "pre");
    if (block) breakLine(paragraph);
    else if (tag === "td" || tag === "th") write(" ");
  };
  for (const node of nodes) walk(node, false);
  return parts.join("");
}
