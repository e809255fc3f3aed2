import enAdmin from "./en.admin";
import enBrowser from "./en.browser";
import enServer from "./en.server";

// Every English string, the source of the shape: vi.ts must match it key for key. The browser loads only
// en.browser.ts; en.server.ts holds what only the server renders (ADR 6), en.admin.ts what the admin's pages
// bring with them (ADR 39).
const en = { ...enBrowser, ...enServer, admin: { ...enBrowser.admin, ...enAdmin } };

export default en;
