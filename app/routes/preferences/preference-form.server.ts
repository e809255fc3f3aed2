import type { RouterContextProvider } from "react-router";
import { AppError } from "~/lib/errors";
import { textError } from "~/http/responses.server";
import { withFormBody } from "../../http/form-body.server";

/**
 * A preference form as posted (a choice, and where to go back), or its refusal (a body too large or
 * unreadable) as translated text: the preference routes have no page of their own to show it on.
 */
export async function readPreferenceForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormData | Response> {
  try {
    return await withFormBody(request, {}, ({ form }) => form);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return textError(context, error.status, error.messageKey);
  }
}
