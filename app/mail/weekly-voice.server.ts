import type { Language } from "~db/schema";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import { mailSayer } from "./mail-words.server";

/** Whom a week's question speaks to: her name and honorific, in the book's language. */
export type Addressee = { language: Language; name: string; address: StorytellerAddress };

/**
 * How a week's question speaks to her (issue 37), shared by her email and the family's by-hand message: the book's
 * language, her honorific for "you" and the family's word for "we" ("Thưa bà, tuần này con muốn nghe bà kể…"), and
 * the greeting and lead every such message opens with.
 */
export function weeklyVoice(to: Addressee) {
  const say = mailSayer(to.language);
  const you = say(`tell.you.${to.address}`);
  const words = {
    you,
    You: you.charAt(0).toLocaleUpperCase(to.language) + you.slice(1),
    me: say(`weekly.me.${to.address}`),
    hello: say(`weekly.hello.${to.address}`),
  };
  const byName = say("weekly.greetBy") === "name";
  const whom = byName ? to.name.trim() : you;
  const greeting = whom ? say("weekly.greeting", { ...words, whom }) : "";
  return { say, words, greeting: greeting || say("weekly.greetingNoName"), lead: say("weekly.lead", words) };
}
