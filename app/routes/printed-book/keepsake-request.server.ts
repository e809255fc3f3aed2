import type { User } from "~db/schema";
import type { MessageKey } from "~/i18n/types";
import { getBook } from "~/models/book.server";
import { isAdmin } from "~/models/user.server";
import type { KeepsakeKind } from "~/routes/printed-book/keepsake/keepsake-task";
import { DEFAULT_PRINT_SIZE, PRINT_SIZES, type PrintSize } from "~/routes/printed-book/layout/print-job";
import { DEFAULT_PAPER, PAPERS, type Paper } from "~/routes/printed-book/print-shop/spine";

/** Whether the user may have the book's keepsakes: its owner, or the admin (a book that is not there is found later).
 */
export async function mayHaveKeepsakes(user: User, bookId: number): Promise<boolean> {
  return isAdmin(user) || (await getBook({ bookId, userId: user.id })) !== null;
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** A keepsake as an address asks for it. */
export type AskedKeepsake = { kind: KeepsakeKind; size: PrintSize; paper: Paper; backCode: boolean };

/**
 * The keepsake an address asks for (`?size=`, and for the print shop `?paper=` and `?code=1`), each option its
 * default when it is not given; the message of the first option that is not one of its values otherwise.
 */
export function askedKeepsake(kind: KeepsakeKind, url: URL): AskedKeepsake | { error: MessageKey } {
  const size = url.searchParams.get("size") || DEFAULT_PRINT_SIZE;
  if (!oneOf(PRINT_SIZES, size)) return { error: "printedBook.badSize" };
  const paper = url.searchParams.get("paper") || DEFAULT_PAPER;
  if (kind === "print" && !oneOf(PAPERS, paper)) return { error: "printedBook.badPaper" };
  return { kind, size, paper: paper as Paper, backCode: kind === "print" && url.searchParams.get("code") === "1" };
}

/** The keepsake the keepsake page's `?kind=` names: the printed book unless it says the print shop or the e-book. */
export function askedKind(url: URL): KeepsakeKind {
  const kind = url.searchParams.get("kind");
  return kind === "print" || kind === "epub" ? kind : "pdf";
}
