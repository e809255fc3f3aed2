import type { z } from "zod";
import { isMessageKey } from "~/i18n/message-key";
import type { MessageKey } from "~/i18n/types";

export type FieldErrors = Record<string, MessageKey>;
export type FormFailure = { errors: FieldErrors; values: Record<string, string> };
type Parsed<S extends z.ZodType> = ({ success: true; data: z.infer<S> } | ({ success: false } & FormFailure)) & {
  formData: FormData;
  /** What was typed, minus passwords: to refill the form after any failure. */
  values: Record<string, string>;
};

const SECRET = /password/i;

/**
 * Parses a posted form with its schema. On failure it returns i18n keys per field (the page
 * renders them in the user's language) and the typed values, minus passwords, to refill the form.
 */
export function parseFormData<S extends z.ZodType>(formData: FormData, schema: S): Parsed<S> {
  const input: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") input[key] = value;
  const values = Object.fromEntries(Object.entries(input).filter(([key]) => !SECRET.test(key)));
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data, formData, values };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    // A check without a message key of its own (a wrong type, a technical cap) carries zod's English text:
    // the page shows the generic "check the fields" in the user's language instead.
    errors[field] ??= isMessageKey(issue.message) ? issue.message : "errors.invalid";
  }
  return { success: false, errors, values, formData };
}
