import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "~/i18n/types";
import { translate } from "./responses.server";
import { readJson } from "./request-body.server";
import { fieldMessageKeys } from "../lib/submission";

type Context = Readonly<RouterContextProvider>;

/**
 * An /api JSON body, read within its cap by the one body reader and checked with its schema: the data, or a
 * thrown refusal that `apiHandler` answers as JSON (413 too large, 400 unreadable or invalid, with the
 * first message and each field's). Forms go through the form runner (app/http/form-body.server.ts).
 */
export async function readJsonInput<S extends z.ZodType>(
  context: Context,
  request: Request,
  schema: S,
  cap?: { maxBytes?: number; tooLargeKey?: MessageKey },
): Promise<z.infer<S>> {
  return parseOrThrow(context, schema, await readJson(request, cap));
}

/** Parses input with its schema; a failure becomes a 400 with the first message and all field errors. */
function parseOrThrow<S extends z.ZodType>(context: Context, schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const keys = fieldMessageKeys(result.error.issues);
  const errors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, translate(context, key)]));
  throw Response.json({ message: Object.values(errors)[0], errors }, { status: 400 });
}
