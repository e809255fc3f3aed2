import { Form } from "react-router";
import { useT } from "~/i18n/use-t";

/**
 * Up and down for one item of the table of contents: a small form, so reordering works without
 * JavaScript (and by keyboard) everywhere.
 */
export function MoveButtons({
  bookId,
  intent,
  idName,
  id,
  title,
  first,
  last,
  reordering = false,
}: {
  bookId: number;
  intent: "move-topic" | "move-story";
  idName: "topicId" | "storyId";
  id: number;
  title: string;
  first: boolean;
  last: boolean;
  /** The phone's Reorder mode is on (`?reorder=1`): the move comes back to it. */
  reordering?: boolean;
}) {
  const t = useT();
  return (
    <Form method="post" action={`/books/${bookId}/toc`} className="move-buttons" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      {reordering ? <input type="hidden" name="reorder" value="1" /> : null}
      <button
        type="submit"
        name="direction"
        value="up"
        className="icon-button"
        disabled={first}
        aria-label={t("toc.moveUp", { title })}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        className="icon-button"
        disabled={last}
        aria-label={t("toc.moveDown", { title })}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </Form>
  );
}
