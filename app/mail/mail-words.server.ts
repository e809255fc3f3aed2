import type { Language } from "~db/schema";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import type { MessageKey } from "~/i18n/types";

/** A plural key named without its `_one`/`_other` suffix, which i18next picks by `count`. */
type PluralKey = "weekly.answersSubject" | "weekly.answersLine";

/** Translates for an email, in the book's language; `count` stays a number, so that plurals are chosen. */
export type MailSay = (key: MessageKey | PluralKey, values?: Record<string, unknown>) => string;

/** The words of every email Heirloom writes, in `language`. */
export function mailSayer(language: Language): MailSay {
  const t = fastT(language, resources[language].translation) as unknown as MailSay;
  return (key, values = {}) => t(key, values);
}
