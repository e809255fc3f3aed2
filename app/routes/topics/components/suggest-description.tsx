import { useEffect, useState, type MouseEvent } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import type { Locale } from "~/i18n/config";

type Suggestion = { title: string; description?: string };

/**
 * "Suggest description" for a new topic: asks POST /api/books/suggest-topics for topics about the
 * typed title (`topicTitle`), fitted to the book's language and tone, and puts the best one's
 * description in the form's description field. It needs JavaScript, so it appears only after
 * hydration. Without a title, or when nothing fitting comes back, a toast says so and the
 * description is left as it was.
 */
/** What the suggestions are fitted to. */
export type SuggestionBook = { title: string; description: string; tone: string; language: Locale };

export function SuggestDescription({
  book,
  titleName,
  descriptionName,
}: {
  book: SuggestionBook;
  titleName: string;
  descriptionName: string;
}) {
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [suggested, setSuggested] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;

  async function suggest(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    const titleField = form?.elements.namedItem(titleName) as HTMLInputElement | null;
    const descriptionField = form?.elements.namedItem(descriptionName) as HTMLTextAreaElement | null;
    if (busy || !titleField || !descriptionField) return;
    const topicTitle = titleField.value.trim();
    setSuggested(false);
    if (!topicTitle) {
      showToast({ kind: "error", title: "errors.title", description: "topics.titleRequired" });
      titleField.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await fetch("/api/books/suggest-topics", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          title: book.title,
          description: book.description,
          tone: book.tone,
          language: book.language,
          topicTitle,
        }),
      });
      if (!response.ok) throw new Error(`suggest-topics failed: ${response.status}`);
      const description = ((await response.json()) as Suggestion[])[0]?.description?.trim();
      if (!description) throw new Error("no fitting suggestion");
      descriptionField.value = description;
      setSuggested(true);
    } catch {
      showToast({ kind: "error", title: "errors.title", description: "suggest.generateFailed" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="suggest-description">
      {/* aria-disabled, not disabled: the button keeps focus while the request runs. */}
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={suggest}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? t("topicEditor.suggestingDescription") : t("topicEditor.suggestDescription")}
      </button>
      <p className="field-hint" role="status">
        {suggested ? t("topicEditor.descriptionSuggested") : null}
      </p>
    </div>
  );
}
