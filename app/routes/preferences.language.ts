import { redirect } from "react-router";
import type { Route } from "./+types/preferences.language";
import { serializeLanguage } from "~/lib/preferences.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { languageSchema } from "~/lib/validation";

export async function action({ request }: Route.ActionArgs) {
  const form = languageSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return new Response(null, { status: 400 });
  throw redirect(safeRedirect(form.data.redirectTo), {
    headers: { "Set-Cookie": await serializeLanguage(form.data.lng) },
  });
}

export function loader() {
  throw redirect("/");
}
