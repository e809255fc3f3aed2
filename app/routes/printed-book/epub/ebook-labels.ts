import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import type { SourceBook } from "../keepsake/source";

/** The e-book's own words (the landmarks, the lines about recordings), in the book's language. */
export function ebookLabels(language: SourceBook["language"]) {
  const t = fastT(language, resources[language].translation);
  return {
    contents: t("ebook.contents"),
    landmarks: t("ebook.landmarks"),
    cover: t("ebook.cover"),
    titlePage: t("ebook.titlePage"),
    stories: t("ebook.stories"),
    untitled: t("ebook.untitled"),
    audioFallback: t("ebook.audioFallback"),
    noAudio: t("ebook.noAudio"),
    listenOnline: t("ebook.listenOnline"),
    toldBy: (name: string) => t("ebook.toldBy", { name }),
    photo: (story: string) => t("ebook.photo", { story }),
  };
}

export type EbookLabels = ReturnType<typeof ebookLabels>;
