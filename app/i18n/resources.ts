import type { Resource } from "i18next";
import en from "./en";
import vi from "./vi";

export default { en: { translation: en }, vi: { translation: vi } } satisfies Resource;
