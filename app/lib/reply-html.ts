import type { HtmlElement, HtmlNode } from "./html-tree";

// The elements mail clients wrap the message history in when they quote it. Dropping them keeps whatever she wrote
// around them, above (top-posting) or below (bottom-posting).
const QUOTE_CLASSES = [
  "gmail_quote", // Gmail: the attribution ("On … wrote:" / "Vào … đã viết:") and the quote, in one container
  "gmail_signature", // Gmail, also when set to leave out the "-- " line above it
  "yahoo_quoted", // Yahoo: the attribution and the message, which it does not put in a <blockquote>
  "moz-cite-prefix", // Thunderbird: the attribution above its <blockquote type="cite">, also when she writes below
];
// Outlook (desktop, web and mobile) quotes nothing: it appends the whole message after a header block in
// `divRplyFwdMsg`. Everything from there on goes, whatever the language of the header block.
const HISTORY_START = "divRplyFwdMsg";

const classes = (element: HtmlElement) => (element.attrs.class ?? "").split(/\s+/);

function isQuote(element: HtmlElement): boolean {
  return element.tag === "blockquote" || classes(element).some((name) => QUOTE_CLASSES.includes(name));
}

/**
 * The body without its quoted history, by the elements the clients mark it with: any `<blockquote>` (Gmail's, Apple
 * Mail's `type="cite"`, Thunderbird's), Gmail's and Yahoo's quote containers, and Outlook's appended message.
 */
export function withoutQuotedHtml(nodes: HtmlNode[]): HtmlNode[] {
  let historyFound = false;
  const prune = (children: HtmlNode[]): HtmlNode[] => {
    const kept: HtmlNode[] = [];
    for (const node of children) {
      if (typeof node === "string") kept.push(node);
      else if (node.attrs.id === HISTORY_START) historyFound = true;
      else if (!isQuote(node)) kept.push({ ...node, children: prune(node.children) });
      if (historyFound) break;
    }
    return kept;
  };
  return prune(nodes);
}
