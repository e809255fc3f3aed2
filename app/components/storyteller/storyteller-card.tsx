import { useEffect, useState } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";

/** A link just made, with what its card shows: drawn on the server, its words in the book's language. */
export type StorytellerCardData = {
  link: string;
  name: string;
  language: "en" | "vi";
  qr: { size: number; path: string };
  hello: string;
  steps: string[];
};

/**
 * The new link, shown this once (only its hash is kept), with Copy, and the card for the fridge: the QR code, her
 * name and three steps in very large letters. Printing the page prints the card alone (print CSS); the Print button
 * appears once JavaScript runs, since without it only the browser's own Print can print.
 */
export function StorytellerCard({ card }: { card: StorytellerCardData }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <div className="notice stack storyteller-created">
      <label htmlFor="storyteller-link">{t("storyteller.linkLabel")}</label>
      <input
        id="storyteller-link"
        readOnly
        value={card.link}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby="storyteller-link-hint"
      />
      <p id="storyteller-link-hint" className="field-hint">
        {t("storyteller.copyNow")}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={async () => {
            await navigator.clipboard.writeText(card.link);
            setCopied(true);
            showToast({ kind: "success", title: "storyteller.copied" });
          }}
        >
          {copied ? t("storyteller.copied") : t("storyteller.copy")}
        </button>
        <button type="button" className="button button-primary" hidden={!canPrint} onClick={() => window.print()}>
          {t("storyteller.print")}
        </button>
      </div>
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
