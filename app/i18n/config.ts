export const SUPPORTED_LANGUAGES = ["en", "vi"] as const;
export type Locale = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}
