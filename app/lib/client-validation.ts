import { parseWithZod } from "@conform-to/zod/v4";
import { messageKeys } from "./form-errors";
import { loginSchema } from "./validation";

// The forms' schemas for validating in the browser, as the server does. zod and its conform adapter are
// about 110 kB of gzip, more than the pages' budgets allow at first render (ADR 25): this module is loaded
// on its own once a page is idle, and until then the server validates alone.

const SCHEMAS = { login: loginSchema };

export type ClientSchema = keyof typeof SCHEMAS;

export function validate(schema: ClientSchema, formData: FormData) {
  return parseWithZod(formData, { schema: SCHEMAS[schema], formatError: messageKeys });
}
