import type { Locale } from "~/i18n/config";
import type { FormResult } from "~/lib/submission";
import { useHrefWith } from "~/hooks/use-href-with";
import { BookFormDialog, type EditableBook } from "./book-form-dialog";
import { DeleteBookDialog } from "./delete-book-dialog";

/** Renders whichever book dialog the URL opened, with the last action's errors or list. */
export function BookDialogs({
  dialog,
  result,
  locale,
  closeHref: closeOverride,
}: {
  /** The dialog the address names (`?dialog=…`), with the book it is about. */
  dialog:
    | { kind: "create" }
    | { kind: "edit"; book: EditableBook }
    | { kind: "delete"; book: { id: number; title: string } }
    | null;
  /** The book form's last failed post (`resultOf(actionData, "book")`). */
  result: FormResult | null;
  locale: Locale;
  closeHref?: string;
}) {
  const hrefWith = useHrefWith();
  if (!dialog) return null;
  const closeHref = closeOverride ?? hrefWith({ dialog: null, bookId: null });
  switch (dialog.kind) {
    case "create":
      return <BookFormDialog locale={locale} closeHref={closeHref} result={result} />;
    case "edit":
      return <BookFormDialog book={dialog.book} locale={locale} closeHref={closeHref} result={result} />;
    case "delete":
      return <DeleteBookDialog book={dialog.book} closeHref={closeHref} />;
  }
}
