import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { $ZodIssue } from "zod/v4/core";
import { isMessageKey } from "~/i18n/message-key";
import type { MessageKey } from "~/i18n/types";

/**
 * What a form's action answers after a failed post (conform's submission result): the field errors as
 * message keys, which the page shows in the user's language, and what was typed, never a password.
 */
export type FormResult = SubmissionResult<MessageKey[]>;

/**
 * conform's `formatError` for every form: a field's errors as message keys. A check without a key of its
 * own (a wrong type, a technical cap) carries zod's English text; it is reported as the general "check
 * the fields" instead.
 */
function messageKeys(issues: readonly $ZodIssue[]): MessageKey[] {
  return [...new Set(issues.map(messageKeyOf))];
}

function messageKeyOf(issue: $ZodIssue): MessageKey {
  return isMessageKey(issue.message) ? issue.message : "errors.invalid";
}

/** The first message key of each field a schema refused (`form` for the body as a whole): /api's 400. */
export function fieldMessageKeys(issues: readonly $ZodIssue[]): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= messageKeyOf(issue);
  return out;
}

/**
 * A posted form checked with its schema, the same way on the server and in the browser (ADR 25). The
 * schemas are written for the text a form posts and for JSON alike (a blank field is "", a checkbox
 * "on"), so conform's own coercion stays off: a field cleared on purpose is not mistaken for one not sent.
 */
export function parseSubmission<S extends z.ZodType>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema, formatError: messageKeys, disableAutoCoercion: true });
}

type Submission = ReturnType<typeof parseSubmission>;

const SECRET = /password/i;

/**
 * The form's answer to a post: its errors, plus any found after the schema passed (a username taken, a
 * wrong current password), and the typed values to refill it with, minus every password field and any `hidden`.
 */
export function replyTo(
  submission: Submission,
  errors: { fieldErrors?: Record<string, MessageKey[]>; formErrors?: MessageKey[] } = {},
  hidden: string[] = [],
): FormResult {
  const hideFields = [...Object.keys(submission.payload).filter((name) => SECRET.test(name)), ...hidden];
  return submission.reply({ hideFields, ...errors });
}

/** An error raised after the schema passed, beside its field when it names one. */
export function replyWithError(
  submission: Submission,
  error: { field?: string; messageKey: MessageKey },
  { formLevel = false }: { formLevel?: boolean } = {},
): FormResult {
  if (error.field) return replyTo(submission, { fieldErrors: { [error.field]: [error.messageKey] } });
  return replyTo(submission, formLevel ? { formErrors: [error.messageKey] } : {});
}

/** The first message of a failed submission: the description of the toast that reports it. */
export function firstMessage(result: FormResult): MessageKey | undefined {
  for (const messages of Object.values(result.error ?? {})) if (messages?.length) return messages[0];
  return undefined;
}
