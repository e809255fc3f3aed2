import type { Locale } from "./config";
import type { BrowserTranslation } from "./types";

/**
 * Each language is its own chunk, so the browser downloads only the one it shows, and only the strings a page that
 * hydrates may show (en.browser.ts): the door's, the shared book's and the printed book's stay on the server.
 */
export async function loadTranslation(lng: Locale): Promise<BrowserTranslation> {
  const mod = lng === "vi" ? await import("./vi.browser") : await import("./en.browser");
  return mod.default;
}
