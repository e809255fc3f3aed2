import type { WeeklySchedule } from "~db/values";
import type { StorytellerAddress } from "~db/storyteller-addresses";

/** A storyteller link as the owner sees it on its card: never its token. */
export type StorytellerLinkItem = {
  id: number;
  name: string;
  address: StorytellerAddress;
  expiresAt: Date | string;
  lastUsedAt: Date | string | null;
  expired: boolean;
  answerCount: number;
  /** The weekly question (issue 37). */
  email: string | null;
  schedule: WeeklySchedule | null;
  paused: boolean;
  pausedBy: "owner" | "storyteller" | null;
  nextQuestionId: number | null;
  lastFailure: { reason: string; at: Date | string } | null;
  quietWeeks: boolean;
};

/** A live link's "Weekly question" as the server prepares it (weekly-card.server.ts). */
export type WeeklyCard = {
  /** When the next question goes, written in the book's language at her wall clock; null without one. */
  nextSend: { date: string; time: string; timeZone: string } | null;
  /** "Ask this one next": the link's questions still to answer, in book order (the first 200). */
  questions: { id: number; text: string }[];
};

/** What every card's "Weekly question" shares: the zones to choose from, the default one, the card to show open. */
export type WeeklyShared = { timeZones: string[]; defaultTimeZone: string; open: number | null };

/** Each live link's weekly question, and what their cards share. */
export type WeeklyData = WeeklyShared & { cards: Record<number, WeeklyCard> };
