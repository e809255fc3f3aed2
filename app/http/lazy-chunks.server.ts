import chunks from "virtual:lazy-chunks";
import type { Locale } from "~/i18n/config";

/**
 * The client chunk of a dynamically imported module (its path under app/, without the extension), for a modulepreload;
 * undefined in development.
 */
function lazyChunk(source: string): string | undefined {
  return chunks[source];
}

/** The client chunk with this language's strings (app/i18n/load.ts imports it). */
export const translationChunk = (locale: Locale) => lazyChunk(`i18n/${locale}.browser`);

/**
 * The resizable panels, which wide screens load with the workspace
 * (app/routes/workspace/components/workspace-panels.tsx).
 */
export const resizablePanelsChunk = () => lazyChunk("routes/workspace/components/resizable-panels");
