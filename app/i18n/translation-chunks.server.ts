import chunks from "virtual:translation-chunks";
import type { Locale } from "./config";

/** The client chunk with this language's strings (vite.config.ts), for a modulepreload; undefined in development. */
export function translationChunk(locale: Locale): string | undefined {
  return (chunks as Partial<Record<Locale, string>>)[locale];
}
