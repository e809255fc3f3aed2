import type { BookFonts } from "../layout/fonts";
import type { PrintSize } from "../layout/print-job";
import type { Paper } from "../print-shop/spine";

// What the server asks a keepsake's process to make, and what the process says back (issue 38): plain data across the
// process's channel.

/** The keepsakes a book is made into: the printed book, the print shop's package, and the e-book. */
export type KeepsakeKind = "pdf" | "print" | "epub";

export type KeepsakeTask = {
  kind: KeepsakeKind;
  /** The book's source file (source.ts). */
  source: string;
  /** Where the keepsake is written; the server moves it into the cache once it is whole. */
  out: string;
  /** A folder of the job's own, for the files a keepsake is put together from. */
  workDir: string;
  size: PrintSize;
  fonts: BookFonts;
  /** The print shop's paper, and whether its back cover carries a code that opens the share page. */
  paper: Paper;
  backCode: boolean;
  /** The e-book's: where its recordings are kept once converted, and the system's ffmpeg, which converts them. */
  audioDir: string;
  ffmpeg: string | null;
};

/** How far a keepsake has got: pages (or, for the e-book, stories) done of how many; `pages` is exact once counted. */
export type KeepsakeProgress = { page: number; pages: number; counted: boolean };

/**
 * A picture that will print below 200 ppi at the size it is placed (the print shop's package): a story's photo, by
 * its media id, on its page, or the cover's picture (no id, page 0).
 */
export type SoftPicture = { mediaId: number | null; page: number; ppi: number };

export type KeepsakeResult = { pages: number; softPictures: SoftPicture[] };

export type KeepsakeMessage =
  | ({ type: "progress" } & KeepsakeProgress)
  | ({ type: "done" } & KeepsakeResult)
  | { type: "failed"; message: string };
