import { IMPORT_BOUNDS, type KeepsakeDocument, type LibraryDocument } from "~/lib/keepsake-format";
import { webmBytes } from "./media-files";
import { zipOf } from "./zip";

const at = "2026-11-01T08:30:00.000Z";

/** The `i`th of `parts` shares of `total`, as even as whole numbers allow. */
const share = (total: number, parts: number, i: number) => Math.floor(total / parts) + (i < total % parts ? 1 : 0);

/**
 * The largest import the bounds allow (IMPORT_BOUNDS): exactly the most topics, interview questions,
 * stories and recordings (one a story) one import takes, and story text that fills 97% of the most text
 * one import takes, in an all-books zip of the most books, or with `books: 1` in one book's zip (one
 * book.json holding all of it: the largest single document to parse). Recordings are small: what is
 * measured is the import's own work, not the disk's.
 */
export function largestImport({ books = IMPORT_BOUNDS.books }: { books?: number } = {}): {
  zip: Buffer;
  counts: Record<keyof typeof IMPORT_BOUNDS, number>;
} {
  const { topics } = IMPORT_BOUNDS;
  const single = books === 1;
  const recording = webmBytes(600);
  const files = new Map<string, Uint8Array | string>();
  const folder = (b: number) => (single ? "" : `books/${String(b + 1).padStart(2, "0")}-book/`);
  // Topics are numbered across the whole zip, so that questions and stories share out evenly among them.
  const topicsOf = (b: number) =>
    Array.from({ length: share(topics, books, b) }, (_, t) => b * Math.ceil(topics / books) + t);
  const makeBook = (b: number, textPerStory: number): KeepsakeDocument => {
    let key = 0;
    let file = 0;
    return {
      format: "heirloom-book",
      version: 1,
      exportedAt: at,
      book: {
        title: `Book ${b + 1}`,
        description: "A family's book",
        tone: "nostalgic",
        language: "en",
        cover: null,
        createdAt: at,
        updatedAt: at,
      },
      topics: topicsOf(b).map((n, t) => {
        const questions = Array.from({ length: share(IMPORT_BOUNDS.questions, topics, n) }, () => ({
          key: `q${++key}`,
          question: `What do you remember of the place, ${key}?`,
          createdAt: at,
        }));
        return {
          title: `Topic ${t + 1}`,
          description: "Where we grew up",
          preview: null,
          archived: false,
          createdAt: at,
          updatedAt: at,
          questions,
          stories: Array.from({ length: share(IMPORT_BOUNDS.stories, topics, n) }, (_, s) => {
            const name = `media/${String(++file).padStart(3, "0")}-voice.webm`;
            files.set(`${folder(b)}${name}`, recording);
            return {
              title: `Story ${s + 1}`,
              content: "Once upon a time by the river. ".repeat(Math.ceil(textPerStory / 31)).slice(0, textPerStory),
              refinedContent: null,
              status: "published" as const,
              question: questions[s]?.key ?? null,
              createdAt: at,
              updatedAt: at,
              media: [
                {
                  file: name,
                  type: "audio" as const,
                  mimeType: "audio/webm" as const,
                  description: "",
                  transcription: null,
                  filename: "voice.webm",
                  createdAt: at,
                },
              ],
            };
          }),
        };
      }),
    };
  };
  const library: LibraryDocument = {
    format: "heirloom-library",
    version: 1,
    exportedAt: at,
    books: Array.from({ length: books }, (_, b) => ({ folder: folder(b), title: `Book ${b + 1}` })),
  };
  const index = single ? "" : JSON.stringify(library);
  // Everything but the story text first, then as much text a story as fills 97% of IMPORT_BOUNDS.jsonBytes.
  let rest = index.length;
  for (let b = 0; b < books; b++) rest += Buffer.byteLength(JSON.stringify(makeBook(b, 0)));
  const textPerStory = Math.floor((IMPORT_BOUNDS.jsonBytes * 0.97 - rest) / IMPORT_BOUNDS.stories);
  const counts = { books, topics: 0, questions: 0, stories: 0, media: 0, jsonBytes: index.length };
  for (let b = 0; b < books; b++) {
    const doc = makeBook(b, textPerStory);
    const json = JSON.stringify(doc);
    counts.jsonBytes += Buffer.byteLength(json);
    counts.topics += doc.topics.length;
    for (const topic of doc.topics) {
      counts.questions += topic.questions.length;
      counts.stories += topic.stories.length;
      counts.media += topic.stories.length;
    }
    files.set(`${folder(b)}book.json`, json);
  }
  if (!single) files.set("library.json", index);
  return { zip: zipOf(files), counts };
}
