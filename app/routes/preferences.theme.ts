import { redirect } from "react-router";
import type { Route } from "./+types/preferences.theme";
import { serializeTheme } from "~/lib/preferences.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { themeSchema } from "~/lib/validation";

export async function action({ request }: Route.ActionArgs) {
  const form = themeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return new Response(null, { status: 400 });
  throw redirect(safeRedirect(form.data.redirectTo), {
    headers: { "Set-Cookie": await serializeTheme(form.data.theme) },
  });
}

export function loader() {
  throw redirect("/");
}
