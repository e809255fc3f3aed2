// The six preset covers (public/covers) and the fallback rules of docs/product.md §2, free of server code.
export const PRESET_COVERS = [1, 2, 3, 4, 5, 6].map((n) => `/covers/${n}.webp`);
export const BOOK_ICON = "/covers/book-icon.svg";
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const UPLOADED_COVER_PREFIX = "/api/media/render/cover:";

/** The preset a broken cover falls back to: book id modulo 6; with no id, the generic book icon. */
export function fallbackCover(bookId: number | null | undefined): string {
  if (bookId === null || bookId === undefined) return BOOK_ICON;
  return PRESET_COVERS[bookId % PRESET_COVERS.length]!;
}

export function isPresetCover(value: string): boolean {
  return PRESET_COVERS.includes(value);
}
