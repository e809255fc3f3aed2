import type { Translation } from "./types";
import viAdmin from "./vi.admin";
import viBrowser from "./vi.browser";
import viServer from "./vi.server";
import viWeeklyCard from "./vi.weekly-card";

const vi = {
  ...viBrowser,
  ...viServer,
  admin: { ...viBrowser.admin, ...viAdmin },
  storyteller: { ...viBrowser.storyteller, ...viWeeklyCard },
} satisfies Translation;

export default vi;
