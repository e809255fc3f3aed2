import { useT } from "~/i18n/use-t";
import { DEFAULT_PAPER, PAPERS } from "~/routes/printed-book/print-shop/spine";
import { KeepsakeForm, SizeChoice } from "./keepsake-form";

const paperLabel = { cream: "keepsakes.paperCream", white: "keepsakes.paperWhite" } as const;

/**
 * "For a print shop" in the download dialog (issue 38 §2): the size, the paper (which sets the spine's width) and,
 * when the book has a lasting link, a code on the back cover.
 */
export function PrintShopForm({ bookId, hasLink }: { bookId: number; hasLink: boolean }) {
  const t = useT();
  return (
    <KeepsakeForm
      bookId={bookId}
      kind="print"
      name="print-shop"
      title={t("keepsakes.printShopTitle")}
      intro={t("keepsakes.printShopIntro")}
      submit={t("keepsakes.preparePackage")}
    >
      <SizeChoice idPrefix="print-size" />
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
              defaultChecked={paper === DEFAULT_PAPER}
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
    </KeepsakeForm>
  );
}
