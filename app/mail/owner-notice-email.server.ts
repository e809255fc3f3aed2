import type { Language } from "~db/schema";
import { escapeHtml } from "~/lib/html";
import { type MailSay, mailSayer } from "./mail-words.server";

/** The answers of one storyteller since the last email: how many, and the first to open. */
export type TellerAnswers = { name: string; count: number; firstStoryId: number };

type Email = { subject: string; text: string; html: string };

const nameOf = (say: MailSay, name: string) => name || say("weekly.someone");

/**
 * The subject of the owner's email about new answers: one storyteller's count, or the book's when several told.
 * Queued with none yet counted, it is the book's, and it is written again when the email goes.
 */
export function answersSubject(language: Language, bookTitle: string, tellers: TellerAnswers[] = []): string {
  const say = mailSayer(language);
  const only = tellers.length === 1 ? tellers[0]! : null;
  return only
    ? say("weekly.answersSubject", { name: nameOf(say, only.name), count: only.count, book: bookTitle })
    : say("weekly.answersSubjectMany", { book: bookTitle });
}

/** The subject of the owner's notice of two quiet weeks. */
export const quietSubject = (language: Language, name: string): string => {
  const say = mailSayer(language);
  return say("weekly.quietSubject", { name: nameOf(say, name) });
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
  const say = mailSayer(input.language);
  const subject = answersSubject(input.language, input.bookTitle, input.tellers);
  const paragraphs = [
    say("weekly.answersLead", { book: input.bookTitle }),
    ...input.tellers.map(
      (teller) =>
        `${say("weekly.answersLine", { name: nameOf(say, teller.name), count: teller.count })}\n` +
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
  const say = mailSayer(input.language);
  const name = nameOf(say, input.name);
  const paragraphs = [
    say("weekly.quietText", { name, book: input.bookTitle }),
    say("weekly.quietLink", { url: input.linksUrl }),
    say("weekly.noticesOff", { url: input.profileUrl }),
  ];
  return {
    subject: quietSubject(input.language, input.name),
    text: `${paragraphs.join("\n\n")}\n`,
    html: html(input.language, paragraphs),
  };
}

/** The one polite answer to her reply through a link that has ended: ask the family for a new one. */
export function endedLinkEmail(language: Language): Email {
  const say = mailSayer(language);
  const paragraphs = [say("weekly.endedText")];
  return {
    subject: say("weekly.endedSubject"),
    text: `${paragraphs.join("\n\n")}\n`,
    html: html(language, paragraphs),
  };
}
