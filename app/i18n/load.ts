import type { Locale } from "./config";
import type { Translation } from "./types";

/** Each language is its own chunk, so the browser downloads only the one it shows. */
export async function loadTranslation(lng: Locale): Promise<Translation> {
  const mod = lng === "vi" ? await import("./vi") : await import("./en");
  return mod.default;
}
