import { fastT } from "~/i18n/fast-t";
import resources from "~/i18n/resources";
import { PAGE_GEOMETRY } from "../layout/page-geometry";
import type { PrintSize } from "../layout/print-job";
import { BLEED_INCHES, PAPER_THICKNESS, type Paper, SPINE_TEXT_MIN_INCHES, spineCarriesText } from "./spine";

const MM_PER_INCH = 25.4;

export type ReadmeFacts = {
  language: "en" | "vi";
  size: PrintSize;
  pages: number;
  paper: Paper;
  /** The cover's spine, as `spineWidth` gave it. */
  spineInches: number;
};

/**
 * The print shop package's README.txt (issue 38 §2), in the book's language: what the two PDFs are, the trim size,
 * the bleed, the page count, the spine's width and the paper it was reckoned for, and what to tell the shop. Every
 * measure is given in both units, the one usual where the language is read first: inches in English, millimetres
 * (with a decimal comma) in Vietnamese.
 */
export function printShopReadme({ language, size, pages, paper, spineInches }: ReadmeFacts): string {
  const t = fastT(language, resources[language].translation);
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits, useGrouping: false }).format(value);
  const inchesFirst = t("printShop.unitFirst") === "in";
  /** A measure given in inches (or a width × a height), in both units, with up to `digits` decimals. */
  const measure = (inches: number[], digits = 3) => {
    const inch = t("printShop.inches", { value: inches.map((v) => number(v, digits)).join(" × ") });
    const mm = t("printShop.mm", { value: inches.map((v) => number(v * MM_PER_INCH, digits)).join(" × ") });
    return inchesFirst ? `${inch} (${mm})` : `${mm} (${inch})`;
  };
  /** One measure in the first unit alone, for the formula. */
  const first = (inches: number, digits: number) =>
    inchesFirst
      ? t("printShop.inches", { value: number(inches, digits) })
      : t("printShop.mm", { value: number(inches * MM_PER_INCH, digits) });

  const page = PAGE_GEOMETRY[size];
  const trim = `${t(`printShop.sizes.${size}`)}, ${measure([page.width / 72, page.height / 72])}`;
  const thickness = PAPER_THICKNESS[paper];
  const paperName = t(`printShop.papers.${paper}`);
  const heading = t("printShop.readme.heading");
  const tellHeading = t("printShop.readme.tellHeading");
  const lines = [
    heading,
    "=".repeat(heading.length),
    "",
    t("printShop.readme.intro"),
    "",
    `- ${t("printShop.readme.interior", { pages })}`,
    `- ${t("printShop.readme.cover")}`,
    "",
    t("printShop.readme.trim", { size: trim }),
    t("printShop.readme.bleed", { bleed: measure([BLEED_INCHES]) }),
    t("printShop.readme.pages", { pages }),
    t("printShop.readme.spine", { spine: measure([spineInches]) }),
    t("printShop.readme.paper", { paper: paperName, thickness: measure([thickness], 6) }),
    "",
    t("printShop.readme.formula", {
      pages: pages + (pages % 2),
      thickness: first(thickness, 6),
      spine: first(spineInches, 4),
    }),
    spineCarriesText(spineInches)
      ? t("printShop.readme.spineText")
      : t("printShop.readme.spineNoText", { minimum: first(SPINE_TEXT_MIN_INCHES, 3) }),
    "",
    t("printShop.readme.fonts"),
    "",
    tellHeading,
    "-".repeat(tellHeading.length),
    "",
    `- ${t("printShop.readme.tellFiles", { size: trim })}`,
    `- ${t("printShop.readme.tellPaper", { paper: paperName })}`,
    `- ${t("printShop.readme.tellPages")}`,
    "",
  ];
  return lines.join("\n");
}
