/** The fonts' names in the e-book, the files given for them copied as they are. */
export const FONT_FILES = {
  regular: "fonts/NotoSerif-Regular.ttf",
  bold: "fonts/NotoSerif-Bold.ttf",
  italic: "fonts/NotoSerif-Italic.ttf",
} as const;

const face = (file: string, weight: string, style: string) =>
  `@font-face {\n  font-family: "Noto Serif";\n  font-weight: ${weight};\n  font-style: ${style};\n` +
  `  src: url("${file}") format("truetype");\n}\n`;

/**
 * The e-book's style sheet: Noto Serif, which holds every Vietnamese letter with its marks (ADR 0029), and little
 * else, since a reading system lets the reader choose sizes and margins.
 */
export const EBOOK_STYLE =
  face(FONT_FILES.regular, "normal", "normal") +
  face(FONT_FILES.bold, "bold", "normal") +
  face(FONT_FILES.italic, "normal", "italic") +
  `body { font-family: "Noto Serif", serif; line-height: 1.5; }
h1 { text-align: center; margin: 2em 0 1em; }
h2 { margin: 2em 0 0.75em; }
.title-page { text-align: center; margin-top: 20%; }
.told-by { font-style: italic; }
.chapter-description { font-style: italic; text-align: center; }
figure { margin: 1.5em 0; text-align: center; page-break-inside: avoid; }
figure img { max-width: 100%; height: auto; }
figcaption { font-style: italic; font-size: 0.9em; margin-top: 0.5em; }
.recording { margin: 1em 0; }
.recording audio { display: block; width: 100%; margin-top: 0.5em; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
nav ol { list-style: none; padding-left: 1em; }
`;
