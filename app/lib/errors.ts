import type { MessageKey } from "~/i18n/types";

/**
 * An expected failure: a status for the response and an i18n key for the message,
 * so models can refuse work without knowing whether a page or /api asked.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503,
    readonly messageKey: MessageKey,
    readonly field?: string,
    /** A title for the toast that shows the message, when the spec gives one. */
    readonly titleKey?: MessageKey,
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

export const notFound = () => new AppError(404, "errors.notFound");
