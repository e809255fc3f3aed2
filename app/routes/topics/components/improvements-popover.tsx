import { useEffect, useRef, useState } from "react";
import { Menu } from "~/components/ui/menu";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { parseImprovementSuggestions, type ImprovementSuggestions } from "~/routes/topics/improvement-suggestions";
import { fetchImprovementSuggestions, type DraftAccess } from "./ai-draft";

type Props = { topicId: number; topicTitle: string; draft: DraftAccess };

/**
 * "Content suggestions" (docs/product.md §2, §4): asks for improvement suggestions on the draft and lists them,
 * with the strengths found. Apply asks for a confirmation, then appends the suggestion's text to the
 * draft after a blank line; the draft then saves itself. A failure leaves the draft as it was.
 */
export function ImprovementsPopover({ topicId, topicTitle, draft }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImprovementSuggestions | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  // Where focus goes after the list or the confirmation changes: "confirm", or an Apply button's index.
  const focusNext = useRef<"confirm" | number | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === null) return;
    const selector = target === "confirm" ? "[data-confirm]" : `[data-apply="${target}"]`;
    list.current?.querySelector<HTMLButtonElement>(selector)?.focus();
  });

  async function generate() {
    if (busy) return;
    const content = draft.read();
    setStatus("");
    if (!content.trim()) {
      showToast({ kind: "error", title: "refine.missingTitle", description: "improvements.contentRequired" });
      return;
    }
    setBusy(true);
    try {
      setResult(parseImprovementSuggestions(await fetchImprovementSuggestions(topicId, { content, topicTitle })));
      setConfirming(null);
    } catch {
      showToast({ kind: "error", title: "errors.title", description: "improvements.failed" });
    } finally {
      setBusy(false);
    }
  }

  function apply(index: number) {
    const suggestion = result?.suggestions[index];
    if (suggestion === undefined) return;
    const current = draft.read().trimEnd();
    draft.write(current ? `${current}\n\n${suggestion}` : suggestion);
    setConfirming(null);
    focusNext.current = index;
    setStatus(t("improvements.applied"));
  }

  return (
    <Menu
      label={t("improvements.open")}
      summary={t("improvements.open")}
      className="ai-popover"
      panelClassName="ai-panel"
    >
      <p className="field-hint">{t("improvements.intro")}</p>
      <button
        type="button"
        className="button button-secondary"
        onClick={generate}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? t("improvements.generating") : t("improvements.generate")}
      </button>
      <div ref={list} className="stack">
        {result ? (
          <>
            <h3 className="ai-heading">{t("improvements.suggestionsHeading")}</h3>
            {result.suggestions.length === 0 ? <p>{t("improvements.none")}</p> : null}
            <ol className="ai-list" hidden={result.suggestions.length === 0}>
              {result.suggestions.map((suggestion, index) => (
                <li key={`${index}:${suggestion}`} className="ai-item">
                  <p id={`improvement-${index}`}>{suggestion}</p>
                  {confirming === index ? (
                    // biome-ignore lint/a11y/useSemanticElements: a labelled pair of buttons, not a form's fieldset
                    <div role="group" aria-labelledby={`improvement-confirm-${index}`} className="ai-confirm">
                      <p id={`improvement-confirm-${index}`}>{t("improvements.confirmText")}</p>
                      <div className="button-row">
                        <button
                          type="button"
                          className="button button-primary"
                          data-confirm
                          onClick={() => apply(index)}
                        >
                          {t("improvements.confirm")}
                        </button>
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => {
                            focusNext.current = index;
                            setConfirming(null);
                          }}
                        >
                          {t("improvements.cancel")}
                        </button>
                      </div>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      data-apply={index}
                      aria-label={t("improvements.applyLabel", { n: String(index + 1) })}
                      aria-describedby={`improvement-${index}`}
                      onClick={() => {
                        focusNext.current = "confirm";
                        setConfirming(index);
                      }}
                    >
                      {t("improvements.apply")}
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {result.strengths.length ? (
              <>
                <h3 className="ai-heading">{t("improvements.strengthsHeading")}</h3>
                <ul className="ai-list">
                  {result.strengths.map((strength, index) => (
                    <li key={`${index}:${strength}`}>{strength}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
      <p className="field-hint" role="status">
        {status}
      </p>
    </Menu>
  );
}
