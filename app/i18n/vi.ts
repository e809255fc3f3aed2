import type { Translation } from "./types";
import viAdmin from "./vi.admin";
import viBrowser from "./vi.browser";
import viServer from "./vi.server";
import viKeepsakes from "./vi.keepsakes";
import viWeeklyCard from "./vi.weekly-card";

const vi = {
  ...viBrowser,
  ...viServer,
  admin: { ...viBrowser.admin, ...viAdmin },
  storyteller: { ...viBrowser.storyteller, ...viWeeklyCard },
  keepsakes: viKeepsakes,
} satisfies Translation;

export default vi;
