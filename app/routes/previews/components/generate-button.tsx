import { Form } from "react-router";
import { useT } from "~/i18n/use-t";

/**
 * A preview's Generate / Regenerate button: a form for the no-JS form route, which with JavaScript
 * streams from the API instead (`onGenerate`). While busy it is aria-disabled, not disabled: a disabled
 * button loses the focus, and a keyboard user pressing it would be sent back to the top of the page.
 */
export function GenerateButton({
  bookId,
  fields,
  label,
  busy,
  onGenerate,
}: {
  bookId: number;
  fields: Record<string, string | number>;
  label: string;
  busy: boolean;
  onGenerate: (() => void) | null;
}) {
  const t = useT();
  return (
    <Form
      method="post"
      action={`/books/${bookId}/preview`}
      preventScrollReset
      onSubmit={(event) => {
        if (!onGenerate) return;
        event.preventDefault();
        if (!busy) onGenerate();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="button button-secondary button-small"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? t("preview.generating") : label}
      </button>
    </Form>
  );
}
