import en from "./en";
import type { MessageKey } from "./types";

/** Whether `text` is a key of the translations (en.ts gives the shape both languages share). */
export function isMessageKey(text: string): text is MessageKey {
  let node: unknown = en;
  for (const part of text.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}
