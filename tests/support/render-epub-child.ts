// Renders an e-book in a process of its own, for the test of its memory:
// `node --import tsx --max-old-space-size=… render-epub-child.ts <source> <epub> <audioDir>`.
import { renderEpub } from "~/routes/printed-book/epub/render-epub";
import { openSource } from "~/routes/printed-book/keepsake/source";
import { bookFonts } from "~/routes/printed-book/layout/fonts";

const [source, file, audioDir] = process.argv.slice(2) as [string, string, string];
await renderEpub(await openSource(source), file, { fonts: bookFonts(), audioDir, ffmpeg: null });
