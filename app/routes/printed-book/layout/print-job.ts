// The printed book's sizes (issue 19, ADR 0029), which the server, the layout and the download dialog share.

/**
 * The page sizes the printed book comes in: the trade size family books are bound in first, then the two paper sizes
 * a home printer holds. `GET /api/books/{id}/book.pdf?size=…` and the download dialog take these values.
 */
export const PRINT_SIZES = ["6x9", "a5", "letter"] as const;
export type PrintSize = (typeof PRINT_SIZES)[number];
export const DEFAULT_PRINT_SIZE: PrintSize = "6x9";
