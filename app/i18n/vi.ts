import type { Translation } from "./types";
import viBrowser from "./vi.browser";
import viServer from "./vi.server";

const vi = { ...viBrowser, ...viServer } satisfies Translation;

export default vi;
