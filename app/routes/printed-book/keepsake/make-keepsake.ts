import path from "node:path";
import { createPrivateWriteStream } from "~db/private-files.server";
import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { renderBookPdf } from "../layout/render-book";
import type { KeepsakeProgress, KeepsakeResult, KeepsakeTask } from "./keepsake-task";
import { openSource } from "./source";

/**
 * Makes one keepsake from its source file (issue 38), in the keepsake's own process (keepsake.process.ts), or in the
 * caller's thread where nothing is built (the development server, the unit tests). `progress` hears how far it got.
 */
export async function makeKeepsake(
  task: KeepsakeTask,
  progress: (progress: KeepsakeProgress) => void,
): Promise<KeepsakeResult> {
  const source = await openSource(task.source);
  // The e-book and the print shop's package are imported when asked for: both load sharp, whose libvips costs a
  // process about 23 MB that a plain PDF, the keepsake most asked for, never uses (docs/bench.md).
  if (task.kind === "epub") {
    const { renderEpub } = await import("../epub/render-epub");
    // The e-book tells its progress in stories: it has no pages.
    const onProgress = (page: number, pages: number) => progress({ page, pages, counted: true });
    await renderEpub(source, task.out, { fonts: task.fonts, audioDir: task.audioDir, ffmpeg: task.ffmpeg, onProgress });
    return { pages: source.book.counts.stories, softPictures: [] };
  }
  const t = fastT(source.book.language, resources[source.book.language].translation);
  // The first pass counts the pages; until it ends, their number is the server's estimate from the book's length.
  let pages = 0;
  const onPage = (pass: 1 | 2, page: number) => {
    if (pass === 1) pages = page;
    else progress({ page, pages, counted: true });
  };
  const options = { size: task.size, fonts: task.fonts, labels: { contents: t("printedBook.contents") }, onPage };
  if (task.kind === "pdf")
    return { pages: await renderBookPdf(source, createPrivateWriteStream(task.out), options), softPictures: [] };
  const { printShopPackage } = await import("../print-shop/print-shop-package");
  return printShopPackage(source, task, {
    interior: path.join(task.workDir, "interior.pdf"),
    cover: path.join(task.workDir, "cover.pdf"),
    options,
  });
}
