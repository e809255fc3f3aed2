import enAdmin from "./en.admin";
import enBrowser from "./en.browser";
import enServer from "./en.server";
import enKeepsakes from "./en.keepsakes";
import enWeeklyCard from "./en.weekly-card";

// Every English string, the source of the shape: vi.ts must match it key for key. The browser loads only
// en.browser.ts; en.server.ts holds what only the server renders (ADR 6), en.admin.ts what the admin's pages
// bring with them (ADR 39), en.weekly-card.ts what the storyteller dialog's weekly card brings (issue 37),
// en.keepsakes.ts what the download dialog brings (issue 38).
const en = {
  ...enBrowser,
  ...enServer,
  admin: { ...enBrowser.admin, ...enAdmin },
  storyteller: { ...enBrowser.storyteller, ...enWeeklyCard },
  keepsakes: enKeepsakes,
};

export default en;
