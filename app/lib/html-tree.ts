import { decodeEntities } from "./html-entities";

export type HtmlElement = { tag: string; attrs: Record<string, string>; children: HtmlNode[] };
/** A text node (entities decoded) or an element. */
export type HtmlNode = string | HtmlElement;

/** Elements that never have children: `<br>` is never closed, and a stray `</br>` means nothing. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]);
/** Elements whose content is not text to read (a style sheet, a script, the head's title). */
const RAW = new Set(["script", "style", "title", "textarea", "template"]);

/**
 * Deeper elements are read as children of the deepest one: no mail nests this far, and a closing tag then looks
 * through at most this many open elements, however many a hostile body opens.
 */
const MAX_DEPTH = 256;

const TAG = /^(\/?)([a-zA-Z][\w:-]*)([\s\S]*)$/;
const ATTRIBUTE = /([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    attrs[name!.toLowerCase()] = decodeEntities(values.find((value) => value !== undefined) ?? "");
  }
  return attrs;
}

/**
 * A forgiving HTML parser for mail bodies, enough to find and drop quoted history by its elements. A closing tag
 * closes every element opened after its match (so an unclosed `<p>` inside a `<blockquote>` ends with it), and one
 * with no open match is ignored, as browsers do with mail clients' sloppy markup. It reads the text once from left
 * to right (a hand-written scan rather than one regular expression, so a body full of unclosed `<` stays linear).
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { tag: "#root", attrs: {}, children: [] };
  const open: HtmlElement[] = [root];
  const text = (value: string) => {
    if (value) open.at(-1)!.children.push(decodeEntities(value));
  };
  let i = 0;
  let gt = -1;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    text(html.slice(i, lt === -1 ? html.length : lt));
    if (lt === -1) break;
    if (html.startsWith("<!--", lt)) {
      // A comment, Outlook's `<!--[if mso]>` included, is skipped whole.
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    // A `<` that does not start a tag (`a < b`), or has no `>` after it, is text. The next `>` is remembered (or
    // that there is none), so that many `<` in a row do not each search the rest of the body again.
    if (gt < lt) {
      const found = html.indexOf(">", lt);
      gt = found === -1 ? html.length : found;
    }
    if (!/[a-zA-Z/!?]/.test(html[lt + 1] ?? "") || gt === html.length) {
      text("<");
      i = lt + 1;
      continue;
    }
    const [, closing, name, rest] = TAG.exec(html.slice(lt + 1, gt)) ?? [];
    i = gt + 1;
    const tag = name?.toLowerCase();
    if (!tag) continue; // a doctype, a processing instruction or `</>`
    if (closing) {
      const at = open.findLastIndex((element) => element.tag === tag);
      if (at > 0) open.length = at;
      continue;
    }
    const element: HtmlElement = { tag, attrs: attributes(rest ?? ""), children: [] };
    open.at(-1)!.children.push(element);
    if (RAW.has(tag)) {
      const end = new RegExp(`</${tag}\\s*>`, "gi");
      end.lastIndex = i;
      i = end.exec(html) ? end.lastIndex : html.length;
    } else if (!VOID.has(tag) && !rest?.trimEnd().endsWith("/") && open.length < MAX_DEPTH) open.push(element);
  }
  return root.children;
}
