/**
 * The page sizes the printed book comes in (issue 19): the trade size family books are bound in first, then the two
 * paper sizes a home printer holds. `GET /api/books/{id}/book.pdf?size=…` takes these values.
 */
export const BOOK_PDF_SIZES = ["6x9", "a5", "letter"] as const;
export type BookPdfSize = (typeof BOOK_PDF_SIZES)[number];
