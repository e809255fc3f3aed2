import enBrowser from "./en.browser";
import enServer from "./en.server";

// Every English string, the source of the shape: vi.ts must match it key for key. The browser loads only
// en.browser.ts; en.server.ts holds what only the server renders (ADR 6).
const en = { ...enBrowser, ...enServer };

export default en;
