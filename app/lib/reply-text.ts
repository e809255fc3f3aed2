import { htmlText } from "./html-text";
import { parseHtml } from "./html-tree";
import { withoutFooters } from "./reply-footers";
import { withoutQuotedHtml } from "./reply-html";
import { withoutQuotedLines } from "./reply-lines";

/** Spaces of every width (a no-break space from `&nbsp;` included) read as one plain space. */
const SPACES = /[ \t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;
/** Characters a reader never sees and that only break search and length checks. */
const INVISIBLE = /[\u200b\ufeff]/g;

/**
 * Her lines as one text: composed Unicode (a Vietnamese letter may arrive as a base letter and combining marks),
 * trimmed lines (a CRLF's CR included) with single spaces, and at most one blank line between paragraphs.
 */
const tidy = (text: string) =>
  text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(SPACES, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n");

const newLines = (text: string) =>
  withoutFooters(withoutQuotedLines(tidy(text)))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/**
 * Only what the storyteller newly wrote in her reply: the quoted question, the attribution, the signature and the
 * phone's footer are gone. The HTML part is read when it holds any text, since its elements say where the quote is (a
 * plain part only has its `>` and the client's wording, in the client's language); so a reply that is all quote (a
 * voice memo sent without a word) is empty, whatever the plain part's attribution. The plain part is read when there
 * is no HTML, or HTML without text (only an image).
 */
export function newReplyText(input: { text?: string; html?: string }): string {
  const tree = input.html ? parseHtml(input.html) : [];
  if (htmlText(tree).trim()) return newLines(htmlText(withoutQuotedHtml(tree)));
  return input.text ? newLines(input.text) : "";
}
