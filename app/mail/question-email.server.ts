import resources from "~/i18n/resources";
import { escapeHtml } from "~/lib/html";
import type { Language } from "~db/schema";
import { mailSayer } from "./mail-words.server";
import { type Addressee, weeklyVoice } from "./weekly-voice.server";

/** What a week's email is made from: her, the question, her door on it, and where she pauses the schedule. */
export type QuestionEmailInput = Addressee & {
  bookTitle: string;
  question: string;
  /** Her door on this question; null for a link made before weekly questions, whose token the server never kept. */
  answerUrl: string | null;
  pauseUrl: string | null;
  /** Whether a reply reaches the family (MAIL_REPLY_DOMAIN): only then does the email invite one. */
  repliesTaken: boolean;
};

const SUBJECT_QUESTION_MAX = 80;

/** Her week's subject, "Câu hỏi tuần này: …", the question cut after 80 characters. */
export function questionSubject(language: Language, question: string): string {
  const whole = question.trim();
  const short = whole.length > SUBJECT_QUESTION_MAX ? `${whole.slice(0, SUBJECT_QUESTION_MAX - 1).trimEnd()}…` : whole;
  return mailSayer(language)("weekly.subject", { question: short });
}

/**
 * Her week's email (issue 37), in the book's language and with her honorific ("Thưa bà, tuần này con muốn nghe bà
 * kể…"): the question in large type and one large button to her door on it. Both parts say the same; nothing is
 * tracked, and every link is the plain address it shows.
 */
export function questionEmail(input: QuestionEmailInput): { subject: string; text: string; html: string } {
  const { say, words, greeting, lead } = weeklyVoice(input);
  const lines = {
    greeting,
    lead,
    answerHint: say("weekly.answerHint", words),
    replyHint: input.repliesTaken ? say("weekly.replyHint", words) : null,
    signature: say("weekly.signature", { ...words, book: input.bookTitle }),
  };
  const question = input.question.trim();
  const subject = questionSubject(input.language, question);
  const text = [
    lines.greeting,
    lines.lead,
    question,
    ...(input.answerUrl ? [`${lines.answerHint}\n${input.answerUrl}`] : []),
    ...(lines.replyHint ? [lines.replyHint] : []),
    `— ${lines.signature}`,
    ...(input.pauseUrl ? [say("weekly.pauseText", { url: input.pauseUrl })] : []),
  ].join("\n\n");
  return { subject, text: `${text}\n`, html: questionHtml(input, lines, question, say("weekly.answer")) };
}

// Inline styles only: mail clients drop <style> and every stylesheet. Large type and one large button, for her eyes
// and her thumb; the layout is a single column that a phone shows as it is.
function questionHtml(
  input: QuestionEmailInput,
  lines: { greeting: string; lead: string; answerHint: string; replyHint: string | null; signature: string },
  question: string,
  answer: string,
): string {
  const paragraph = (text: string, style = "font-size:20px;line-height:1.5;margin:0 0 20px") =>
    `<p style="${style}">${escapeHtml(text)}</p>`;
  const button = input.answerUrl
    ? `<p style="margin:0 0 12px"><a href="${escapeHtml(input.answerUrl)}" style="display:inline-block;` +
      "background:#7a3e1d;color:#ffffff;font-size:22px;font-weight:bold;text-decoration:none;padding:18px 32px;" +
      `border-radius:12px">${escapeHtml(answer)}</a></p>` +
      paragraph(lines.answerHint, "font-size:17px;margin:0 0 24px")
    : "";
  const pause = input.pauseUrl
    ? `<p style="font-size:16px;color:#555555;margin:32px 0 0"><a href="${escapeHtml(input.pauseUrl)}" ` +
      `style="color:#555555">${escapeHtml(resources[input.language].translation.weekly.pauseLink)}</a></p>`
    : "";
  return [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    "<body style=\"margin:0;padding:24px;background:#fbf7f0;color:#222222;font-family:Georgia,'Noto Serif',serif\">",
    '<div style="max-width:560px;margin:0 auto">',
    paragraph(lines.greeting),
    paragraph(lines.lead),
    `<p style="font-size:28px;line-height:1.4;font-weight:bold;margin:0 0 28px">${escapeHtml(question)}</p>`,
    button,
    lines.replyHint ? paragraph(lines.replyHint, "font-size:17px;margin:0 0 24px") : "",
    paragraph(`— ${lines.signature}`, "font-size:18px;font-style:italic;margin:0"),
    pause,
    "</div></body></html>",
  ].join("");
}
