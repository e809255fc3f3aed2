import type { Translation } from "./types";
import viAdmin from "./vi.admin";
import viBrowser from "./vi.browser";
import viServer from "./vi.server";

const vi = { ...viBrowser, ...viServer, admin: { ...viBrowser.admin, ...viAdmin } } satisfies Translation;

export default vi;
