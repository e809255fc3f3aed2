// Text as the cover prints it, whatever the book holds: composed (NFC), so that every Vietnamese letter is one glyph
// and extracts as written, and without the characters that would move or hide what follows them (control
// characters, and the bidirectional overrides that would turn a title around).
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text of several lines (the back cover's description): its line breaks kept, three or more kept as two. */
export function coverText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(INVISIBLE, " ")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Text of one line (a title, a name): every break and run of spaces made one space. */
export function coverLine(text: string): string {
  return coverText(text).replace(/\s+/g, " ");
}
