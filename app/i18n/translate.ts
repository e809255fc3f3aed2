import type { TFunction } from "i18next";
import type { MessageKey } from "./types";

type LooseT = (key: string, options?: Record<string, string>) => string;

/** t() for a key chosen at run time (a toast's, an error's), which the typed overloads cannot narrow. */
export function translateKey(t: TFunction, key: MessageKey, values?: Record<string, string>): string {
  return (t as unknown as LooseT)(key, values ?? {});
}
