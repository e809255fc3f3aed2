import { useT } from "~/i18n/use-t";
import { PRINT_SIZES } from "~/routes/printed-book/layout/print-job";
import { PAPERS } from "~/routes/printed-book/print-shop/spine";
import { KeepsakeStatus } from "./keepsake-status";
import { useKeepsakeDownload } from "./use-keepsake-download";

const sizeLabel = { "6x9": "pdfDialog.size6x9", a5: "pdfDialog.sizeA5", letter: "pdfDialog.sizeLetter" } as const;
const paperLabel = { cream: "keepsakes.paperCream", white: "keepsakes.paperWhite" } as const;

/**
 * "For a print shop" in the download dialog (issue 38 §2): the size, the paper (which sets the spine's width) and,
 * when the book has a lasting link, a code on the back cover; a GET form to the keepsake page, as the PDF's is.
 */
export function PrintShopForm({ bookId, hasLink }: { bookId: number; hasLink: boolean }) {
  const t = useT();
  const download = useKeepsakeDownload();
  return (
    <form
      method="get"
      action={`/books/${bookId}/keepsake`}
      className="stack print-shop"
      onSubmit={download.start}
      aria-labelledby="print-shop-title"
    >
      <h3 id="print-shop-title">{t("keepsakes.printShopTitle")}</h3>
      <p>{t("keepsakes.printShopIntro")}</p>
      <input type="hidden" name="kind" value="print" />
      <fieldset>
        <legend>{t("pdfDialog.sizeLabel")}</legend>
        {PRINT_SIZES.map((size) => (
          <div key={size} className="checkbox">
            <input id={`print-size-${size}`} type="radio" name="size" value={size} defaultChecked={size === "6x9"} />
            <label htmlFor={`print-size-${size}`}>{t(sizeLabel[size])}</label>
          </div>
        ))}
      </fieldset>
      <fieldset aria-describedby="print-paper-hint">
        <legend>{t("keepsakes.paperLabel")}</legend>
        <p id="print-paper-hint" className="field-hint">
          {t("keepsakes.paperHint")}
        </p>
        {PAPERS.map((paper) => (
          <div key={paper} className="checkbox">
            <input
              id={`print-paper-${paper}`}
              type="radio"
              name="paper"
              value={paper}
              defaultChecked={paper === "cream"}
            />
            <label htmlFor={`print-paper-${paper}`}>{t(paperLabel[paper])}</label>
          </div>
        ))}
      </fieldset>
      {hasLink ? (
        <div className="checkbox">
          <input id="print-back-code" type="checkbox" name="code" value="1" defaultChecked />
          <label htmlFor="print-back-code">{t("keepsakes.backCode")}</label>
        </div>
      ) : (
        <p className="field-hint">{t("keepsakes.backCodeNeedsLink")}</p>
      )}
      <div>
        <button type="submit" className="button button-secondary" aria-disabled={download.busy || undefined}>
          {t("keepsakes.preparePackage")}
        </button>
      </div>
      <KeepsakeStatus state={download.state} />
    </form>
  );
}
