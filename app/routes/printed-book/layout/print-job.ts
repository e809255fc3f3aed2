// What the printed book is made from (issue 19, ADR 0029): plain data that crosses into the worker thread that lays it
// out, free of the database and of the server's modules.

/**
 * The page sizes the printed book comes in: the trade size family books are bound in first, then the two paper sizes
 * a home printer holds. `GET /api/books/{id}/book.pdf?size=…` and the download dialog take these values.
 */
export const PRINT_SIZES = ["6x9", "a5", "letter"] as const;
export type PrintSize = (typeof PRINT_SIZES)[number];
export const DEFAULT_PRINT_SIZE: PrintSize = "6x9";

/** A JPEG, already at print size, with its pixel dimensions (pdfkit places it by them). */
export type PrintImage = { bytes: Uint8Array; width: number; height: number };
/**
 * A photo's print copy: a JPEG file the layout reads when it places the photo, embeds, and lets go of, so that a book
 * of many photos never holds them all in memory. A file that cannot be read is left out.
 */
export type PrintPhoto = { file: string; caption: string };
/** The voice code beside a recorded story: the address it opens, and the line printed beside it. */
export type PrintVoice = { url: string; line: string };
/**
 * A story as printed: its title, its paragraphs, its photos, the code that opens its recording (when the book has a
 * lasting link), and a line for each recording, "Bản ghi âm: 3:25", as the other views say there is one (issue 35).
 */
export type PrintStory = {
  title: string;
  paragraphs: string[];
  photos: PrintPhoto[];
  voice: PrintVoice | null;
  recordings: string[];
};
export type PrintChapter = { title: string; description: string; stories: PrintStory[] };

export type PrintJob = {
  size: PrintSize;
  language: "en" | "vi";
  /** Paths of the serif's TrueType files, from the font package. */
  fonts: { regular: string; bold: string; italic: string };
  labels: { contents: string };
  book: { title: string; description: string; cover: PrintImage | null };
  chapters: PrintChapter[];
};

/** What the worker says when the file is written. */
export type PrintResult = { ok: true; pages: number } | { ok: false; message: string };
