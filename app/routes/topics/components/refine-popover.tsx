import { useState, type MouseEvent } from "react";
import { Menu } from "~/components/ui/menu";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { refineThroughTemporaryStory, type DraftAccess } from "./ai-draft";

type Props = { topicId: number; offlineAi: boolean; draft: DraftAccess; announce: (text: string) => void };

/**
 * "Refine with AI" (docs/product.md §2, §4): an optional instruction, then the draft's text goes through a
 * temporary story with refineContent and comes back refined into the text area, which saves itself.
 * The text area is read-only meanwhile, so nothing typed is overwritten; on failure the toast
 * 'Lỗi tinh chỉnh' / 'Refinement error' says so and the text stays as it was.
 */
export function RefinePopover({ topicId, offlineAi, draft, announce }: Props) {
  const t = useT();
  const [instruction, setInstruction] = useState("");
  const [busy, setBusy] = useState(false);

  async function refine(event: MouseEvent<HTMLButtonElement>) {
    const details = event.currentTarget.closest("details");
    if (busy) return;
    const text = draft.read();
    if (!text.trim()) {
      showToast({ kind: "error", title: "refine.missingTitle", description: "refine.contentRequired" });
      return;
    }
    setBusy(true);
    draft.lock(true);
    try {
      const refined = await refineThroughTemporaryStory(topicId, {
        title: t("refine.tempStoryTitle"),
        text,
        instruction: instruction.trim(),
      });
      draft.lock(false);
      draft.write(refined);
      // Back to the text, which now holds the refined draft; the status line says so.
      if (details) details.open = false;
      draft.focus();
      announce(t("refine.done"));
    } catch {
      showToast({ kind: "error", title: "refine.failedTitle", description: "refine.failed" });
    } finally {
      draft.lock(false);
      setBusy(false);
    }
  }

  return (
    <Menu label={t("refine.open")} summary={t("refine.open")} className="ai-popover" panelClassName="ai-panel">
      <div className="field">
        <label htmlFor="refine-instruction">{t("refine.instructionLabel")}</label>
        <textarea
          id="refine-instruction"
          rows={3}
          maxLength={2000}
          value={instruction}
          onChange={(event) => setInstruction(event.currentTarget.value)}
          aria-describedby="refine-instruction-hint"
        />
        <p id="refine-instruction-hint" className="field-hint">
          {offlineAi ? t("refine.instructionHintOffline") : t("refine.instructionHintAi")}
        </p>
      </div>
      {/* aria-disabled, not disabled: the button keeps focus while the request runs. */}
      <button
        type="button"
        className="button button-primary"
        onClick={refine}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? t("refine.refining") : t("refine.submit")}
      </button>
    </Menu>
  );
}
