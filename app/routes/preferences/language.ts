import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { textError } from "~/http/responses.server";
import { readPreferenceForm } from "~/routes/preferences/preference-form.server";
import { serializeLanguage } from "~/http/preferences.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { languageSchema } from "~/lib/validation";

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readPreferenceForm(request, context);
  if (posted instanceof Response) return posted;
  const form = languageSchema.safeParse(Object.fromEntries(posted));
  if (!form.success) return textError(context, 400, "errors.invalid");
  throw redirect(safeRedirect(form.data.redirectTo), {
    headers: { "Set-Cookie": await serializeLanguage(form.data.lng) },
  });
}

export function loader() {
  throw redirect("/");
}
