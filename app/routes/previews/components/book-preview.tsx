import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { withoutAiWords } from "~/routes/previews/ai-words";
import { previewPage, type PreviewPage } from "~/routes/previews/preview-blocks";
import { useHrefWith } from "~/hooks/use-href-with";
import { GenerateButton } from "./generate-button";
import { PreviewText } from "./preview-text";
import { usePreviewStream } from "./use-preview-stream";

/** Print waits a moment so the whole text is laid out first (docs/product.md §9). */
const PRINT_DELAY_MS = 1000;

/** All of a text as one page: what a generation shows as it streams, and what is printed. */
const whole = (text: string) => previewPage(text, Number.MAX_SAFE_INTEGER, 1);

/**
 * The book tab: a page of the whole book's preview from the cache, 15 paragraphs a page, or a button that
 * makes it; regenerate, download as a text file, and print. The page holds only the page shown (ADR
 * 0023): printing fetches the whole text first.
 */
export function BookPreview({ bookId, shown }: { bookId: number; shown: PreviewPage | null }) {
  const t = useT();
  const hrefWith = useHrefWith();
  const [hydrated, setHydrated] = useState(false);
  const [printing, setPrinting] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  const stream = usePreviewStream();
  const current = stream.text !== null ? whole(stream.text) : shown;

  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done);
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("afterprint", done);
    };
  }, [printing]);

  async function print() {
    try {
      const response = await fetch(`/api/books/${bookId}/preview`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`preview: ${response.status}`);
      setPrinting(((await response.json()) as { preview: string }).preview);
    } catch {
      showToast({ kind: "error", title: "preview.failed", description: "preview.printFailed" });
    }
  }

  // Only ever called once the page is hydrated (before that the button's form posts on its own), so it
  // does not wait for the effect that says so: a tap just after hydration must stream too.
  const generate = () => stream.generate(`/api/books/${bookId}/preview?stream=1&force=true`);
  return (
    <div className="stack">
      <div className="button-row preview-actions">
        <GenerateButton
          bookId={bookId}
          fields={{ intent: "book" }}
          label={shown ? t("preview.regenerate") : t("preview.generateBook")}
          busy={stream.busy}
          onGenerate={generate}
        />
        {shown ? (
          <a className="button button-small button-secondary" href={`/api/books/${bookId}/preview?download=1`} download>
            {t("preview.download")}
          </a>
        ) : null}
        {shown && hydrated ? (
          <button type="button" className="button button-small button-secondary" onClick={() => void print()}>
            {t("preview.print")}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={stream.text !== null}>
        {current && current.blocks.length > 0 ? (
          <PreviewText
            shown={current}
            pageHref={(n) => hrefWith({ ptab: "book", ppage: String(n) })}
            keep={stream.text === null ? { bookId, fields: { ppage: current.page } } : undefined}
          />
        ) : (
          <p className="muted">{t("preview.empty")}</p>
        )}
      </div>
      {printing !== null
        ? // Straight under <body>, so the print style can hide everything else.
          createPortal(
            <div className="preview-printable">
              {/* Printed like the downloaded text: the AI's words the owner has not kept are left out. */}
              <PreviewText shown={whole(withoutAiWords(printing))} pageHref={() => "?"} />
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
