// What the shared book's pages (/s/{token}) show, as app/routes/sharing/shared-book.server.ts gives it and the reading
// page's components show it: imported by both sides, so this module holds types only and imports no server code
// (tests/unit/layers.test.ts).

/**
 * A photo or recording of a shared story, addressed through the link's token. Its measures are null when
 * unknown: a photo kept before they were read, a recording whose container does not tell its length.
 */
export type SharedMedia = {
  id: number;
  type: "image" | "audio";
  description: string;
  url: string;
  /** A photo's own page in the shared book (full size, caption, the way back); null for a recording. */
  page: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
};

export type SharedStory = { id: number; title: string; text: string; media: SharedMedia[] };

export type SharedTopic = { id: number; title: string; description: string; stories: SharedStory[] };

/**
 * What the reading page shows of a book: its cover and words, and its published stories in order; its language is
 * the page's.
 */
export type SharedBook = {
  book: { title: string; description: string; language: "en" | "vi"; cover: string };
  topics: SharedTopic[];
};

/** A photo on its own page: the book it is from, the story it belongs to and the address of its place there. */
export type SharedPhotoPage = {
  book: { title: string };
  story: { title: string; href: string };
  photo: SharedMedia;
};
