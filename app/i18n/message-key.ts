import type { MessageKey } from "./types";

// A section and a name, dotted ("stories.titleRequired"); zod's own messages are English sentences, with spaces.
const KEY_SHAPE = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;

/**
 * Whether a schema's message is one of the translations' keys rather than zod's own English text. It looks at the
 * shape only, so that the lazy schemas do not carry the English strings to every page: `message-key.test.ts` checks
 * that every dotted message written in the app's sources is a key in both languages.
 */
export function isMessageKey(text: string): text is MessageKey {
  return KEY_SHAPE.test(text);
}
