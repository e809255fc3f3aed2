import fs from "node:fs";
import readline from "node:readline";
import { storyParagraphs } from "~/lib/text";

// What every keepsake is made from (issue 38): the printed book, the print shop's package and the e-book. The server
// writes it into a file one line at a time, as it reads the book in turns, and the keepsake's own process reads it
// back a line at a time, once per pass: neither ever holds a whole book, whatever its length. Plain data: no database
// and no server modules on the reading side.

/** The book's head, the file's first line. */
export type SourceBook = {
  kind: "book";
  /** The book's id and when it was made (ms): together, a name no other book on any server has, and that lasts. */
  id: number;
  createdAt: number;
  title: string;
  description: string;
  language: "en" | "vi";
  /** Whose stories these are ("Bà Lan"), for the spine and the title page; null when the book names no one. */
  storyteller: string | null;
  /** The cover picture as a JPEG file ready to print, or null for a plain cover. */
  cover: string | null;
  /** The address of the book's lasting share link (the voice codes, the back cover's code), or null without one. */
  shareUrl: string | null;
  /** What follows, counted as it was written: the estimates of a job's length come from these. */
  counts: { chapters: number; stories: number; characters: number; photos: number; recordings: number };
};

/** A topic, in book order: the stories that follow it, up to the next chapter, are its. */
export type SourceChapter = { kind: "chapter"; title: string; description: string };

/** A photo's print copy: a JPEG file on this machine, with its size in pixels. */
export type SourcePhoto = { mediaId: number; file: string; caption: string; width: number; height: number };

/**
 * A recording as it was kept (WebM, Ogg, MP4, MPEG or WAV; `app/lib/sniff.ts`): a file on this machine, or null when
 * it could not be read. `line` is what the printed book says of it ("Recording: 3:25").
 */
export type SourceRecording = {
  mediaId: number;
  file: string | null;
  mimeType: string;
  durationMs: number | null;
  line: string;
};

/** The voice code printed beside a recorded story: the address it opens and the line beside it. */
export type SourceVoice = { url: string; line: string };

/** A completed story, its text composed (NFC) and cut into paragraphs as it is read back (`openSource`). */
export type SourceStory = {
  kind: "story";
  id: number;
  title: string;
  paragraphs: string[];
  photos: SourcePhoto[];
  recordings: SourceRecording[];
  voice: SourceVoice | null;
};

export type SourceLine = SourceBook | SourceChapter | SourceStory;

/**
 * A story as the server writes it: its text as it was kept, which the keepsake's process composes and cuts into
 * paragraphs, so that the server makes no copy of a book's text beyond the line it writes.
 */
export type SourceStoryLine = Omit<SourceStory, "paragraphs"> & { text: string };
/** A line of the file, as the server writes it. */
export type WrittenLine = SourceBook | SourceChapter | SourceStoryLine;

/** Text as it is printed: composed (NFC), so that every Vietnamese letter is one glyph, without control characters. */
export function printedText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
    .trim();
}

/** A book's chapters and stories, in order, read from its source file: each call reads the file again from the top. */
export type BookSource = { book: SourceBook; lines: () => AsyncIterable<SourceChapter | SourceStory> };

/** Opens a source file: its head now, the rest as it is read. */
export async function openSource(file: string): Promise<BookSource> {
  let head: SourceBook | null = null;
  for await (const line of readLines(file)) {
    head = line as SourceBook;
    break;
  }
  if (head?.kind !== "book") throw new Error(`${file} is not a keepsake's source.`);
  return {
    book: head,
    lines: async function* () {
      let first = true;
      for await (const line of readLines(file)) {
        if (first) first = false;
        else if (line.kind === "story") {
          const { text, ...story } = line;
          yield { ...story, paragraphs: storyParagraphs(printedText(text)) };
        } else if (line.kind === "chapter") yield line;
      }
    },
  };
}

async function* readLines(file: string): AsyncIterable<WrittenLine> {
  const input = fs.createReadStream(file, { encoding: "utf8" });
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) if (line) yield JSON.parse(line) as WrittenLine;
  } finally {
    lines.close();
    input.destroy();
  }
}
