import type { Language } from "~db/schema";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import type { MessageKey } from "~/i18n/types";
import { escapeHtml } from "~/lib/html";

/** The answers of one storyteller since the last email: how many, and the first to open. */
export type TellerAnswers = { name: string; count: number; firstStoryId: number };

type Email = { subject: string; text: string; html: string };

// i18next's plural keys (`_one`, `_other`) are named without their suffix, and `count` must stay a number.
type Say = (
  key: MessageKey | "weekly.answersSubject" | "weekly.answersLine",
  values?: Record<string, unknown>,
) => string;
const sayer = (language: Language): Say => {
  const t = fastT(language, resources[language].translation) as unknown as Say;
  return (key, values = {}) => t(key, values);
};

/** Plain paragraphs, each escaped; a line that is an address becomes its own link, nothing tracked or rewritten. */
function html(language: Language, paragraphs: string[]): string {
  const body = paragraphs
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => escapeHtml(line).replace(/(https?:\/\/\S+)/g, '<a href="$1" style="color:#7a3e1d">$1</a>'))
        .join("<br>"),
    )
    .map((paragraph) => `<p style="font-size:18px;line-height:1.5;margin:0 0 18px">${paragraph}</p>`)
    .join("");
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"></head>` +
    `<body style="margin:0;padding:24px;font-family:Georgia,'Noto Serif',serif;color:#222222">` +
    `<div style="max-width:560px;margin:0 auto">${body}</div></body></html>`
  );
}

/**
 * The owner's one email a day about a book's new answers (issue 37 §3): each storyteller's count, one tap from the
 * workspace on the first of them, in the book's language.
 */
export function answersEmail(input: {
  language: Language;
  bookTitle: string;
  tellers: TellerAnswers[];
  /** The attachments of her emailed replies that no story keeps (not a recording, not a photo), by name. */
  dropped: string[];
  workspaceUrl: (storyId: number) => string;
  profileUrl: string;
}): Email {
  const say = sayer(input.language);
  const nameOf = (teller: TellerAnswers) => teller.name || say("weekly.someone");
  const only = input.tellers.length === 1 ? input.tellers[0]! : null;
  const subject = only
    ? say("weekly.answersSubject", { name: nameOf(only), count: only.count, book: input.bookTitle })
    : say("weekly.answersSubjectMany", { book: input.bookTitle });
  const paragraphs = [
    say("weekly.answersLead", { book: input.bookTitle }),
    ...input.tellers.map(
      (teller) =>
        `${say("weekly.answersLine", { name: nameOf(teller), count: teller.count })}\n` +
        input.workspaceUrl(teller.firstStoryId),
    ),
    ...(input.dropped.length ? [say("weekly.droppedAttachments", { files: input.dropped.join(", ") })] : []),
    say("weekly.noticesOff", { url: input.profileUrl }),
  ];
  return { subject, text: `${paragraphs.join("\n\n")}\n`, html: html(input.language, paragraphs) };
}

/** The owner's notice that she has not answered the last two weeks' questions (issue 37 §1). */
export function quietEmail(input: {
  language: Language;
  bookTitle: string;
  name: string;
  linksUrl: string;
  profileUrl: string;
}): Email {
  const say = sayer(input.language);
  const name = input.name || say("weekly.someone");
  const paragraphs = [
    say("weekly.quietText", { name, book: input.bookTitle }),
    say("weekly.quietLink", { url: input.linksUrl }),
    say("weekly.noticesOff", { url: input.profileUrl }),
  ];
  return {
    subject: say("weekly.quietSubject", { name }),
    text: `${paragraphs.join("\n\n")}\n`,
    html: html(input.language, paragraphs),
  };
}

/** The one polite answer to her reply through a link that has ended: ask the family for a new one. */
export function endedLinkEmail(language: Language): Email {
  const say = sayer(language);
  const paragraphs = [say("weekly.endedText")];
  return {
    subject: say("weekly.endedSubject"),
    text: `${paragraphs.join("\n\n")}\n`,
    html: html(language, paragraphs),
  };
}
