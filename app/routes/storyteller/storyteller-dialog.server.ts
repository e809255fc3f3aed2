import type { Book, User } from "~db/schema";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { qrCode } from "~/routes/printed-book/qr-code.server";
import type { Toast } from "~/lib/toast";
import { listStorytellerLinks } from "~/models/storyteller-link.server";
import type { StorytellerCardData } from "./new-link.types";
import { weeklyCards } from "./weekly-card.server";

/**
 * The printable card for a link just made: its QR code, her name, and the three steps in the BOOK's language, which
 * is hers even when the family's screens are in another.
 */
export function storytellerCard(book: Book, link: string, name: string): StorytellerCardData {
  const t = fastT(book.language, resources[book.language].translation, resources.en.translation);
  return {
    link,
    name,
    language: book.language,
    qr: qrCode(link),
    hello: name ? t("storyteller.cardHello", { name }) : t("storyteller.cardHelloNoName"),
    steps: [t("storyteller.cardStep1"), t("storyteller.cardStep2"), t("storyteller.cardStep3")],
  };
}

/**
 * The "Invite the storyteller" dialog (`?dialog=storyteller`): the book's links with each live one's weekly question,
 * the topics a new one may offer, and, right after one was made, its link and card. The token exists only in the
 * flash the form route left for this one page (as a share link's does), so the card cannot be drawn again later.
 */
export async function storytellerDialogData(
  request: Request,
  user: User,
  book: Book,
  topics: { id: number; title: string; archived: boolean }[],
  flash: Toast | null,
) {
  if (new URL(request.url).searchParams.get("dialog") !== "storyteller") return null;
  const created = flash?.title === "storyteller.created" && flash.link ? flash : null;
  const links = (await listStorytellerLinks({ bookId: book.id, userId: user.id })) ?? [];
  return {
    language: book.language,
    links,
    weekly: await weeklyCards(book, links, request),
    topics: topics.filter((topic) => !topic.archived).map((topic) => ({ id: topic.id, title: topic.title })),
    card: created?.link ? storytellerCard(book, created.link, created.values?.name ?? "") : null,
  };
}
