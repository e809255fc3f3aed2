import type { Book } from "~db/schema";
import type { Toast } from "~/lib/toast";
import type { NewLinkPageData } from "../storyteller/new-link.types";
import { storytellerCard } from "../storyteller/storyteller-dialog.server";

/**
 * The page a new link gets when its form was posted without JavaScript (issue 35): the share or storyteller dialog's
 * address, opened by the form route's redirect with the link in the flash cookie. The token is never in an address
 * (none that is logged or kept in the history); the flash is read once, so a reload or a return finds the dialog's
 * list instead, and the page says so. Null for anything else: the dialog as usual.
 */
export function newLinkPage(request: Request, book: Book, flash: Toast | null): NewLinkPageData | null {
  if (!flash?.link || !flash.alone) return null;
  const dialog = new URL(request.url).searchParams.get("dialog");
  const back = `/books/${book.id}?dialog=${dialog}`;
  if (dialog === "share" && flash.title === "share.created") return { kind: "share", link: flash.link, back };
  if (dialog === "storyteller" && flash.title === "storyteller.created")
    return { kind: "storyteller", card: storytellerCard(book, flash.link, flash.values?.name ?? ""), back };
  return null;
}
