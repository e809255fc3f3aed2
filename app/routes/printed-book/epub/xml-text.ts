import { escapeHtml } from "~/lib/html";

// What XML 1.0 cannot hold or HTML forbids in text: C0 controls other than tab, newline and return; DEL and the C1
// controls; lone surrogates; the noncharacters. A family's text may carry any of them (pasted from a word processor,
// a broken phone keyboard), and one of them makes the whole document unreadable to a reading system.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}\p{Noncharacter_Code_Point}]/gu;

/** Text or an attribute value for an XHTML or XML document: composed (NFC), with what XML refuses left out, escaped. */
export function xmlText(text: string): string {
  return escapeHtml(text.normalize("NFC").replace(NOT_XML, ""));
}

/** Text for a line of its own: the same, with a line break for each newline the family wrote. */
export function xmlLines(text: string): string {
  return text
    .trim()
    .split(/\r\n|\r|\n/)
    .map(xmlText)
    .join("<br/>");
}
