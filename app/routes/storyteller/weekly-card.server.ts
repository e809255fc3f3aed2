import type { Book } from "~db/schema";
import { lenientNumbers, WORKSPACE_NUMBERS } from "~/lib/query-params";
import { unansweredQuestions } from "~/models/storyteller-answer.server";
import type { StorytellerLinkView } from "~/models/storyteller-link.server";
import { serverDisplayZone } from "~/platform/server-time-zone.server";
import type { WeeklyCard } from "./link-card.types";

/** "Ask this one next" offers the first questions still to answer, in book order: a choice, not the whole book. */
const ASK_NEXT_MAX = 200;

let zones: string[] | undefined;

/** Every IANA zone this server knows, sorted, worked out once. */
function knownTimeZones(): string[] {
  zones ??= [...Intl.supportedValuesOf("timeZone")].sort();
  return zones;
}

/** The zones to choose from: the server's list, with the ones in use (a saved schedule's, the default) added. */
function timeZoneChoices(inUse: string[]): string[] {
  const known = knownTimeZones();
  const missing = [...new Set(inUse)].filter((zone) => !known.includes(zone));
  return missing.length ? [...known, ...missing].sort() : known;
}

/**
 * The next send as the book's language writes it, at her wall clock: "Monday 7 Dec" and "09:00" in English,
 * "Thứ Hai, 7 tháng 12" and "09:00" in Vietnamese. Written here, so the page does not load Intl's zones to hydrate.
 */
function nextSendWords(at: Date, language: Book["language"], timeZone: string) {
  const locale = language === "vi" ? "vi-VN" : "en-GB";
  const month = language === "vi" ? "long" : "short";
  return {
    date: new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month, timeZone }).format(at),
    time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
      at,
    ),
    timeZone,
  };
}

/**
 * What each live link's "Weekly question" shows (issue 37): when the next question goes, the questions it may ask
 * next, and the zones to choose from with the default one (a Vietnamese book's is Saigon's, an English book's the
 * server's; the browser's own replaces it once the page's script runs). `open` is the link whose card a form just
 * changed, so that it shows open again.
 */
export async function weeklyCards(book: Book, links: StorytellerLinkView[], request: Request) {
  const live = links.filter((link) => !link.expired);
  // Links that offer the same topics (every one, most often) offer the same questions: asked once.
  const asked = new Map<string, ReturnType<typeof unansweredQuestions>>();
  const questionsOf = (topicIds: number[] | null) => {
    const key = JSON.stringify(topicIds);
    if (!asked.has(key)) asked.set(key, unansweredQuestions({ bookId: book.id, topicIds }, ASK_NEXT_MAX));
    return asked.get(key)!;
  };
  const cards: Record<number, WeeklyCard> = {};
  for (const link of live) {
    const questions = await questionsOf(link.topicIds);
    cards[link.id] = {
      nextSend:
        link.nextSendAt && link.schedule ? nextSendWords(link.nextSendAt, book.language, link.schedule.timeZone) : null,
      questions: questions.map((question) => ({ id: question.id, text: question.question })),
    };
  }
  const defaultTimeZone = book.language === "vi" ? "Asia/Ho_Chi_Minh" : serverDisplayZone().name;
  const inUse = [defaultTimeZone, ...live.flatMap((link) => (link.schedule ? [link.schedule.timeZone] : []))];
  const open = lenientNumbers(new URL(request.url).searchParams, WORKSPACE_NUMBERS).weekly;
  return {
    cards,
    // Only a live link's card chooses one: a dialog without any does not carry the list.
    timeZones: live.length ? timeZoneChoices(inUse) : [],
    defaultTimeZone,
    open: open !== undefined && live.some((link) => link.id === open) ? open : null,
  };
}
