import { useState, type MouseEvent } from "react";
import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { SortableList } from "~/routes/workspace/components/toc/sortable-list";
import { Dialog } from "~/components/ui/dialog";
import { useConformForm } from "~/hooks/use-conform-form";
import type { FormResult } from "~/lib/submission";
import { move, suggestedTopicField, type SuggestedTopic } from "~/routes/workspace/topic-suggestions";

const loadSuggestedTopicsFormSchema = () => import("~/lib/validation").then((forms) => forms.suggestedTopicsFormSchema);

type Item = SuggestedTopic & { key: number };
let nextKey = 0;
const withKeys = (list: SuggestedTopic[]): Item[] => list.map((topic) => ({ ...topic, key: nextKey++ }));

/**
 * Review the suggested topics: select, edit, reorder, add, regenerate and save the selected ones.
 * Every button is a submit with an intent, so the dialog works without JavaScript; with it, the
 * list edits (select, move, add) happen in place and only regenerate and save reach the server.
 */
export function SuggestTopicsDialog({
  book,
  suggestions,
  result,
  isCopy,
  closeHref,
}: {
  book: { id: number; title: string };
  suggestions: SuggestedTopic[];
  /** The last save's refusal: no topic chosen (on the form), or a chosen one without a title (beside it). */
  result: FormResult | null;
  isCopy: boolean;
  closeHref: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const busy = posting === "regenerate";
  // Saving also writes each topic's first questions, which an AI server takes a while to do.
  const saving = posting === "save";
  const [items, setItems] = useState<Item[]>(() => withKeys(suggestions));
  // New suggestions from the server (regenerated, or a list edit without scripts) replace the list. Set while
  // rendering, not in an effect: an effect would also run after hydration and remount every card for nothing,
  // taking the focus from a field tapped in between.
  const [shown, setShown] = useState(suggestions);
  if (shown !== suggestions) {
    setShown(suggestions);
    setItems(withKeys(suggestions));
  }
  const selectedCount = items.filter((item) => item.selected).length;
  // Saving is checked with the form's schema, in the browser once it has loaded and always on the server.
  const { form, formProps, errorOf, formError } = useConformForm({
    id: "suggest-topics",
    schema: loadSuggestedTopicsFormSchema,
    lastResult: result,
  });

  const local = (update: (list: Item[]) => Item[]) => (event: MouseEvent) => {
    event.preventDefault();
    setItems(update);
  };
  const patch = (index: number, change: Partial<SuggestedTopic>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));

  return (
    <Dialog title={t("suggest.title")} closeHref={closeHref}>
      <Form method="post" className="suggest-form" preventScrollReset aria-busy={busy || saving} {...formProps}>
        {/* The list scrolls above Cancel and Save instead of under them: a bar lying over the cards would cover
            part of an arrow or a field, leaving a sliver too small to tap (axe's target-size). */}
        <div className="suggest-scroll stack">
          <p>{t("suggest.intro", { book: book.title })}</p>
          <p className="notice" role="note">
            {t("suggest.warning")}
          </p>
          {isCopy ? <input type="hidden" name="copy" value="1" /> : null}
          <div className="toolbar-buttons">
            <button
              type="submit"
              name="intent"
              value="edit:select-all"
              className="button button-secondary button-small"
              onClick={local((l) => l.map((i) => ({ ...i, selected: true })))}
            >
              {t("suggest.selectAll")}
            </button>
            <button
              type="submit"
              name="intent"
              value="edit:deselect-all"
              className="button button-secondary button-small"
              onClick={local((l) => l.map((i) => ({ ...i, selected: false })))}
            >
              {t("suggest.deselectAll")}
            </button>
            <button
              type="submit"
              name="intent"
              value="regenerate"
              className="button button-secondary button-small"
              formNoValidate
            >
              {busy ? t("suggest.loading") : t("suggest.regenerate")}
            </button>
          </div>
          {items.length === 0 ? <p className="muted">{t("suggest.empty")}</p> : null}
          <SortableList
            className="suggest-list"
            items={items.map((item) => ({ ...item, id: item.key }))}
            itemLabel={(item) => item.title}
            onReorder={async (ids) => setItems((list) => ids.map((id) => list.find((item) => item.key === id)!))}
            renderItem={(item, i, handle) => {
              const n = String(i + 1);
              const titleError = errorOf(suggestedTopicField(i, "title"));
              const titleErrorId = `topics-${i}-title-error`;
              return (
                <div className={`suggest-item${item.selected ? " is-selected" : ""}`}>
                  {handle ? (
                    <button
                      type="button"
                      className="drag-handle"
                      aria-label={t("suggest.dragHandle", { n })}
                      {...handle}
                    >
                      <span aria-hidden="true">⠿</span>
                    </button>
                  ) : null}
                  <input
                    type="checkbox"
                    id={`topics-${i}-selected`}
                    name={suggestedTopicField(i, "selected")}
                    checked={item.selected}
                    onChange={(e) => patch(i, { selected: e.currentTarget.checked })}
                    aria-label={t("suggest.selectTopic", { n })}
                  />
                  <div className="suggest-fields">
                    {/* A text area of one row that grows: a long title wraps on a phone instead of being cut off. */}
                    <textarea
                      name={suggestedTopicField(i, "title")}
                      className="suggest-title"
                      rows={1}
                      value={item.title}
                      maxLength={200}
                      onChange={(e) => patch(i, { title: e.currentTarget.value })}
                      // A title is one line: Enter does not break it (the server joins lines posted without scripts).
                      onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
                      aria-label={t("suggest.topicTitle", { n })}
                      aria-invalid={titleError ? true : undefined}
                      aria-describedby={titleError ? titleErrorId : undefined}
                    />
                    {titleError ? (
                      <p id={titleErrorId} className="field-error">
                        {t(titleError)}
                      </p>
                    ) : null}
                    <textarea
                      name={suggestedTopicField(i, "description")}
                      value={item.description}
                      rows={2}
                      onChange={(e) => patch(i, { description: e.currentTarget.value })}
                      aria-label={t("suggest.topicDescription", { n })}
                    />
                  </div>
                  <div className="suggest-move">
                    <button
                      type="submit"
                      name="intent"
                      value={`edit:up:${i}`}
                      className="icon-button"
                      disabled={i === 0}
                      onClick={local((l) => move(l, i, -1))}
                      aria-label={t("suggest.moveUp", { n })}
                      formNoValidate
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`edit:down:${i}`}
                      className="icon-button"
                      disabled={i === items.length - 1}
                      onClick={local((l) => move(l, i, 1))}
                      aria-label={t("suggest.moveDown", { n })}
                      formNoValidate
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                  </div>
                </div>
              );
            }}
          />
          <button
            type="submit"
            name="intent"
            value="edit:add"
            className="button button-secondary"
            onClick={local((l) => [
              ...l,
              ...withKeys([{ title: t("suggest.newTopicTitle"), description: "", selected: true }]),
            ])}
            formNoValidate
          >
            {t("suggest.addTopic")}
          </button>
          {formError ? (
            <p id={form.errorId} role="alert" className="form-error">
              {t(formError)}
            </p>
          ) : null}
        </div>
        {/* Kept in sight at the bottom of the dialog while the list scrolls, so Save is never eight cards away. */}
        <div className="form-actions suggest-bar">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("suggest.cancel")}
          </Link>
          {/* Still focusable when nothing is chosen: pressing it says why (the form's schema, ADR 25). */}
          <button
            type="submit"
            name="intent"
            value="save"
            className="button button-primary"
            aria-disabled={selectedCount === 0 || saving ? true : undefined}
            onClick={(event) => saving && event.preventDefault()}
          >
            {saving ? t("suggest.saving") : t("suggest.saveSelected", { count: selectedCount })}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
