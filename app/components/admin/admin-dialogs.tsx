import type { FormResult } from "~/lib/submission";
import { useHrefWith } from "~/hooks/use-href-with";
import type { AdminPageData } from "~/services/admin-page.server";
import { ActivitiesDialog } from "./activities-dialog";
import { MediaDialog } from "~/components/media/media-dialog";
import { PreviewDialog } from "./explorer-dialogs";
import { DeleteUserDialog, UserFormDialog } from "./user-dialogs";

type Props = {
  dialog: AdminPageData["dialog"];
  /** The user form's last failed post. */
  result: FormResult | null;
};

/** The dialog the address names (?dialog=…&id=…), rendered open by the server; closing drops both. */
export function AdminDialogs({ dialog, result }: Props) {
  const hrefWith = useHrefWith();
  if (!dialog) return null;
  const closeHref = hrefWith({ dialog: null, id: null, apage: null });
  switch (dialog.kind) {
    case "add-user":
      return <UserFormDialog closeHref={closeHref} result={result} />;
    case "edit-user":
      return <UserFormDialog user={dialog.user} closeHref={closeHref} result={result} />;
    case "delete-user":
      return dialog.user.isAdmin ? null : <DeleteUserDialog user={dialog.user} closeHref={closeHref} />;
    case "activities":
      return <ActivitiesDialog user={dialog.user} list={dialog.list} closeHref={closeHref} />;
    case "preview":
      return <PreviewDialog preview={dialog.preview} closeHref={closeHref} />;
    case "media":
      return <MediaDialog media={dialog.media} closeHref={closeHref} autoPlay />;
  }
}
