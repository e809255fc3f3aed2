import { xmlText } from "./xml-text";

/** The start of an XHTML content document, up to its body's opening tag; `XHTML_END` closes it. */
export function xhtmlStart({ language, title, bodyType }: { language: string; title: string; bodyType?: string }) {
  const lang = xmlText(language);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" ` +
    `xml:lang="${lang}">\n<head>\n<meta charset="utf-8"/>\n<title>${xmlText(title)}</title>\n` +
    `<link rel="stylesheet" type="text/css" href="style.css"/>\n</head>\n` +
    `<body${bodyType ? ` epub:type="${bodyType}"` : ""}>\n`
  );
}

export const XHTML_END = "</body>\n</html>\n";

/** A whole small document: the title page, the cover, the navigation. */
export function xhtmlDocument(head: { language: string; title: string; bodyType?: string }, body: string): string {
  return xhtmlStart(head) + body + XHTML_END;
}
