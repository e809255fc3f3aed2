import type { PrintSize } from "../layout/print-job";

// What the server asks a keepsake's process to make, and what the process says back (issue 38): plain data across the
// process's channel.

/** The keepsakes a book is made into: the printed book. */
export type KeepsakeKind = "pdf";

export type KeepsakeTask = {
  kind: KeepsakeKind;
  /** The book's source file (source.ts). */
  source: string;
  /** Where the keepsake is written; the server moves it into the cache once it is whole. */
  out: string;
  size: PrintSize;
  /** Paths of the serif's TrueType files, from the font package. */
  fonts: { regular: string; bold: string; italic: string };
};

/** How far a keepsake has got: pages (or, for the e-book, stories) done of how many; `pages` is exact once counted. */
export type KeepsakeProgress = { page: number; pages: number; counted: boolean };

export type KeepsakeResult = { pages: number };

export type KeepsakeMessage =
  | ({ type: "progress" } & KeepsakeProgress)
  | ({ type: "done" } & KeepsakeResult)
  | { type: "failed"; message: string };
