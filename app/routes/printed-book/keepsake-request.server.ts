import type { User } from "~db/schema";
import { getBook } from "~/models/book.server";
import { isAdmin } from "~/models/user.server";
import { DEFAULT_PRINT_SIZE, PRINT_SIZES, type PrintSize } from "~/routes/printed-book/layout/print-job";

/** Whether the user may have the book's keepsakes: its owner, or the admin (a book that is not there is found later). */
export async function mayHaveKeepsakes(user: User, bookId: number): Promise<boolean> {
  return isAdmin(user) || (await getBook({ bookId, userId: user.id })) !== null;
}

const isPrintSize = (value: string): value is PrintSize => (PRINT_SIZES as readonly string[]).includes(value);

/** The page size a keepsake's address asks for (`?size=`), the default when none is given; null for another value. */
export function askedSize(url: URL): PrintSize | null {
  const size = url.searchParams.get("size") || DEFAULT_PRINT_SIZE;
  return isPrintSize(size) ? size : null;
}
