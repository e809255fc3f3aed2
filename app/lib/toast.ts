import type { MessageKey } from "~/i18n/types";

/** A notification: i18n keys, so it renders in the language of the page that shows it. */
export type Toast = {
  kind: "success" | "error" | "info";
  title: MessageKey;
  description?: MessageKey;
  /** Text that is already in the user's language, e.g. a server message. */
  text?: string;
  values?: Record<string, string>;
  /** A link just made, shown once by the page that asked for it (a new share link). */
  link?: string;
  /**
   * The link was asked for without JavaScript: it is shown on a page of its own rather than in its dialog, whose
   * close would lose it and which has no Copy button then (issue 35).
   */
  alone?: boolean;
};
