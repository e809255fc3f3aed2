import { createCookie } from "react-router";
import { isLocale, type Locale } from "~/i18n/config";
import { THEMES, type Theme } from "../lib/preferences";

const ONE_YEAR = 60 * 60 * 24 * 365;

// Plain preferences, not secrets: readable by the server on the first request so the page renders right.
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: ONE_YEAR });
const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", maxAge: ONE_YEAR });

export async function readTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return (THEMES as readonly string[]).includes(value) ? (value as Theme) : "light";
}

export function serializeLanguage(locale: Locale) {
  return languageCookie.serialize(locale);
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}

export { isLocale };
