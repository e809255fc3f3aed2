import type { $ZodIssue } from "zod/v4/core";
import { isMessageKey } from "~/i18n/message-key";
import type { MessageKey } from "~/i18n/types";

/**
 * conform's `formatError` for every form: a field's errors as message keys, which the page shows in the
 * user's language. A check without a key of its own (a wrong type, a technical cap) carries zod's English
 * text; it is reported as the general "check the fields" instead.
 */
export function messageKeys(issues: $ZodIssue[]): MessageKey[] {
  return [...new Set(issues.map((issue) => (isMessageKey(issue.message) ? issue.message : "errors.invalid")))];
}
