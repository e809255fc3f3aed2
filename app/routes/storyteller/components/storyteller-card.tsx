import { useEffect, useState } from "react";
import { useT } from "~/i18n/use-t";
import { CopyLinkField } from "~/components/links/copy-link-field";
import type { StorytellerCardData } from "~/routes/storyteller/new-link.types";

const LINK_STRINGS = {
  label: "storyteller.linkLabel",
  hint: "storyteller.copyNow",
  copy: "storyteller.copy",
  copied: "storyteller.copied",
} as const;

/**
 * The new link, shown this once (only its hash is kept), with Copy, and the card for the fridge: the QR code, her
 * name and three steps in very large letters. Printing the page prints the card alone (print CSS); the Print button
 * appears once JavaScript runs, since without it only the browser's own Print can print.
 */
export function StorytellerCard({ card }: { card: StorytellerCardData }) {
  const t = useT();
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <div className="notice stack storyteller-created">
      <CopyLinkField id="storyteller-link" link={card.link} strings={LINK_STRINGS}>
        <button type="button" className="button button-primary" hidden={!canPrint} onClick={() => window.print()}>
          {t("storyteller.print")}
        </button>
      </CopyLinkField>
      <article className="storyteller-card" lang={card.language} aria-label={t("storyteller.cardTitle")}>
        <svg
          className="storyteller-qr"
          viewBox={`0 0 ${card.qr.size} ${card.qr.size}`}
          role="img"
          aria-label={t("storyteller.qrLabel")}
          shapeRendering="crispEdges"
        >
          <rect width={card.qr.size} height={card.qr.size} fill="#fff" />
          <path d={card.qr.path} fill="#000" />
        </svg>
        <p className="storyteller-card-hello">{card.hello}</p>
        <ol className="storyteller-card-steps">
          {card.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </article>
    </div>
  );
}
