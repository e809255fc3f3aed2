import { useI18n, useT } from "~/i18n/use-t";
import type { KeepsakeKind } from "~/routes/printed-book/keepsake/keepsake-task";

/**
 * How far a keepsake has got, as the job tells it: pages set of how many, exact once counted; for the e-book, which
 * has no pages, stories.
 */
export type KeepsakeProgressData = { page: number; pages: number; counted: boolean; kind?: KeepsakeKind };

/**
 * "Preparing your book… page 412 of ~1,200", or, while its pages are still being counted, "… about 1,200 pages"; the
 * numbers in the page's language ("1.200" in Vietnamese).
 */
export function KeepsakeProgressText({ progress }: { progress: KeepsakeProgressData }) {
  const t = useT();
  const { language } = useI18n();
  const number = (value: number) => value.toLocaleString(language);
  if (progress.kind === "epub")
    return progress.page > 0
      ? t("keepsakes.preparingEbookStory", { page: number(progress.page), pages: number(progress.pages) })
      : t("keepsakes.preparingEbook", { pages: number(progress.pages) });
  return progress.counted && progress.page > 0
    ? t("keepsakes.preparingPage", { page: number(progress.page), pages: number(progress.pages) })
    : t("keepsakes.preparingCounting", { pages: number(progress.pages) });
}
