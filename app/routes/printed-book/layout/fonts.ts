import { createRequire } from "node:module";

/** Paths of the serif's TrueType files, which pdfkit reads and embeds, and the e-book carries. */
export type BookFonts = { regular: string; bold: string; italic: string };

const require = createRequire(import.meta.url);
const fontFile = (weight: string) => require.resolve(`@expo-google-fonts/noto-serif/${weight}/NotoSerif_${weight}.ttf`);

/** Noto Serif's full TrueType files: every Vietnamese letter with its diacritics is in them (ADR 0029). */
export function bookFonts(): BookFonts {
  return { regular: fontFile("400Regular"), bold: fontFile("700Bold"), italic: fontFile("400Regular_Italic") };
}
