import { type Addressee, weeklyVoice } from "./weekly-voice.server";

/**
 * The week's question as the family sends it by hand (issue 37), through Zalo, Messenger or SMS: plain text in the
 * book's language with her honorific, as her email says it ("Thưa bà,\nTuần này con muốn nghe bà kể:"), then the
 * question and her door on it. A link whose address the server never kept gives a message without one: she answers
 * through the link she already has.
 */
export function handMessage(input: Addressee & { question: string; answerUrl: string | null }): string {
  const { greeting, lead } = weeklyVoice(input);
  return [`${greeting}\n${lead}`, input.question.trim(), ...(input.answerUrl ? [input.answerUrl] : [])].join("\n\n");
}
