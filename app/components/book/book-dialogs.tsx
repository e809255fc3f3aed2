import type { Locale } from "~/i18n/config";
import type { BookDialogData } from "~/services/book-dialogs.server";
import type { BookPageActionData } from "~/services/book-page-action.server";
import { useHrefWith } from "~/hooks/use-href-with";
import { BookFormDialog } from "./book-form-dialog";
import { DeleteBookDialog } from "./delete-book-dialog";

/** Renders whichever book dialog the URL opened, with the last action's errors or list. */
export function BookDialogs({
  dialog,
  actionData,
  locale,
  closeHref: closeOverride,
}: {
  dialog: BookDialogData;
  actionData: BookPageActionData | undefined;
  locale: Locale;
  closeHref?: string;
}) {
  const hrefWith = useHrefWith();
  if (!dialog) return null;
  const closeHref = closeOverride ?? hrefWith({ dialog: null, bookId: null });
  const result = actionData?.form ?? null;
  switch (dialog.kind) {
    case "create":
      return <BookFormDialog locale={locale} closeHref={closeHref} result={result} />;
    case "edit":
      return <BookFormDialog book={dialog.book} locale={locale} closeHref={closeHref} result={result} />;
    case "delete":
      return <DeleteBookDialog book={dialog.book} closeHref={closeHref} />;
  }
}
