import { useEffect, useState, type MouseEvent } from "react";
import { useT } from "~/i18n/use-t";
import { Form, Link, useNavigation } from "react-router";
import { SortableList } from "~/components/toc/sortable-list";
import { Dialog } from "~/components/ui/dialog";
import type { MessageKey } from "~/i18n/types";
import { move, type SuggestedTopic } from "~/lib/topic-suggestions";

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
  error,
  isCopy,
  closeHref,
}: {
  book: { id: number; title: string };
  suggestions: SuggestedTopic[];
  error: MessageKey | null;
  isCopy: boolean;
  closeHref: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "regenerate";
  const [items, setItems] = useState<Item[]>(() => withKeys(suggestions));
  useEffect(() => setItems(withKeys(suggestions)), [suggestions]);
  const selectedCount = items.filter((item) => item.selected).length;
  const [localError, setLocalError] = useState<MessageKey | null>(null);
  const shownError = selectedCount > 0 && localError === "suggest.selectAtLeastOne" ? error : (localError ?? error);

  const local = (update: (list: Item[]) => Item[]) => (event: MouseEvent) => {
    event.preventDefault();
    setItems(update);
  };
  const patch = (index: number, change: Partial<SuggestedTopic>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));

  return (
    <Dialog title={t("suggest.title")} closeHref={closeHref}>
      <p>{t("suggest.intro", { book: book.title })}</p>
      <p className="notice" role="note">
        {t("suggest.warning")}
      </p>
      <Form method="post" className="stack" preventScrollReset aria-busy={busy}>
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
            return (
              <div className={`suggest-item${item.selected ? " is-selected" : ""}`}>
                {handle ? (
                  <button type="button" className="drag-handle" aria-label={t("suggest.dragHandle", { n })} {...handle}>
                    <span aria-hidden="true">⠿</span>
                  </button>
                ) : null}
                <input
                  type="checkbox"
                  id={`topics.${i}.selected`}
                  name={`topics.${i}.selected`}
                  checked={item.selected}
                  onChange={(e) => patch(i, { selected: e.currentTarget.checked })}
                  aria-label={t("suggest.selectTopic", { n })}
                />
                <div className="suggest-fields">
                  <input
                    name={`topics.${i}.title`}
                    value={item.title}
                    maxLength={200}
                    onChange={(e) => patch(i, { title: e.currentTarget.value })}
                    aria-label={t("suggest.topicTitle", { n })}
                  />
                  <textarea
                    name={`topics.${i}.description`}
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
        {shownError ? (
          <p role="alert" className="form-error">
            {t(shownError)}
          </p>
        ) : null}
        <div className="form-actions">
          <Link to={closeHref} className="button button-secondary" preventScrollReset>
            {t("suggest.cancel")}
          </Link>
          <button
            type="submit"
            name="intent"
            value="save"
            className="button button-primary"
            aria-disabled={selectedCount === 0 ? true : undefined}
            onClick={(e) => {
              if (selectedCount > 0) return setLocalError(null);
              e.preventDefault();
              setLocalError("suggest.selectAtLeastOne");
            }}
          >
            {t("suggest.saveSelected", { count: selectedCount })}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
