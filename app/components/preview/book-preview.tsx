import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "~/i18n/use-t";
import { useHrefWith } from "~/lib/use-href-with";
import { GenerateButton } from "./generate-button";
import { PreviewText } from "./preview-text";
import { usePreviewStream } from "./use-preview-stream";

export const BOOK_PARAGRAPHS_PER_PAGE = 15;
/** Print waits a moment so the whole text is laid out first (SPEC §9). */
export const PRINT_DELAY_MS = 1000;

/**
 * The book tab: the whole book's preview from the cache, 15 paragraphs a page, or a button that makes
 * it; regenerate, download as a text file, and print (the whole text, not only the page shown).
 */
export function BookPreview({ bookId, text, page }: { bookId: number; text: string | null; page: number }) {
  const t = useT();
  const hrefWith = useHrefWith();
  const [hydrated, setHydrated] = useState(false);
  const [printing, setPrinting] = useState(false);
  useEffect(() => setHydrated(true), []);
  const stream = usePreviewStream();
  const shown = stream.text ?? text;

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener("afterprint", done);
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("afterprint", done);
    };
  }, [printing]);

  const generate = hydrated ? () => stream.generate(`/api/books/${bookId}/preview?stream=1&force=true`) : null;
  return (
    <div className="stack">
      <div className="button-row preview-actions">
        <GenerateButton bookId={bookId} fields={{ intent: "book" }} label={text ? t("preview.regenerate") : t("preview.generateBook")} busy={stream.busy} onGenerate={generate} />
        {text ? (
          <a className="button button-small button-secondary" href={`/api/books/${bookId}/preview?download=1`} download>
            {t("preview.download")}
          </a>
        ) : null}
        {text && hydrated ? (
          <button type="button" className="button button-small button-secondary" onClick={() => setPrinting(true)}>
            {t("preview.print")}
          </button>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={stream.text !== null}>
        {shown?.trim() ? (
          <PreviewText text={shown} perPage={stream.text !== null ? Number.MAX_SAFE_INTEGER : BOOK_PARAGRAPHS_PER_PAGE} page={page} pageHref={(n) => hrefWith({ ptab: "book", ppage: String(n) })} />
        ) : (
          <p className="muted">{t("preview.empty")}</p>
        )}
      </div>
      {printing && text
        ? // Straight under <body>, so the print style can hide everything else.
          createPortal(
            <div className="preview-printable">
              <PreviewText text={text} perPage={Number.MAX_SAFE_INTEGER} page={1} pageHref={() => "?"} />
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
