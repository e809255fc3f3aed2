import { useEffect, useState } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { useAutocomplete } from "./use-autocomplete";

type Props = { topicId: number; question: string | null };

const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;

/** Adds text at the end of the story, after a blank line, and tells React-less listeners it changed. */
function append(text: string) {
  const content = field("content");
  if (!content) return;
  content.value = content.value.trim() ? `${content.value.trimEnd()}\n\n${text}` : text;
  content.dispatchEvent(new Event("input", { bubbles: true }));
  content.focus();
}

/**
 * Writing help under the story text (JavaScript only): the autocomplete suggestion (Tab adds it) and
 * "Ask me a follow-up question", which adds the interviewer's next question to the text; if that
 * fails, the question being answered is added instead, as docs/product.md §4 says.
 */
export function WritingHelp({ topicId, question }: Props) {
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setHydrated(true), []);
  const suggestion = useAutocomplete("content", () => ({ title: field("title")?.value ?? "", topicId }));

  async function followUp() {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch("/api/answer-followup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          question: question ?? "",
          currentText: field("content")?.value ?? "",
          storyTitle: field("title")?.value ?? "",
          topicId,
        }),
      });
      const body = (await response.json().catch(() => null)) as { answer?: string; message?: string } | null;
      if (response.ok && body?.answer) append(`→ ${body.answer}`);
      else if (question) append(`→ ${question}`);
      else showToast({ kind: "error", title: "writingHelp.followupFailed", text: body?.message });
    } finally {
      setBusy(false);
    }
  }

  if (!hydrated) return null;
  return (
    <div className="writing-help">
      <p className="autocomplete" aria-live="polite">
        {suggestion ? (
          <>
            <span className="autocomplete-text">{t("writingHelp.suggestion", { text: suggestion })}</span>{" "}
            <span className="field-hint">{t("writingHelp.acceptHint")}</span>
          </>
        ) : null}
      </p>
      {/* aria-disabled, not disabled: the button keeps focus while the request runs. */}
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={followUp}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? t("writingHelp.followupBusy") : t("writingHelp.followup")}
      </button>
    </div>
  );
}
