import type { MessageKey } from "~/i18n/types";
import { useHrefWith } from "~/hooks/use-href-with";
import type { AdminPageData } from "~/services/admin-page.server";
import { ActivitiesDialog } from "./activities-dialog";
import { MediaDialog } from "~/components/media/media-dialog";
import { PreviewDialog } from "./explorer-dialogs";
import { DeleteUserDialog, UserFormDialog } from "./user-dialogs";

type Props = {
  dialog: AdminPageData["dialog"];
  errors: Record<string, MessageKey>;
  values: Record<string, string>;
};

/** The dialog the address names (?dialog=…&id=…), rendered open by the server; closing drops both. */
export function AdminDialogs({ dialog, errors, values }: Props) {
  const hrefWith = useHrefWith();
  if (!dialog) return null;
  const closeHref = hrefWith({ dialog: null, id: null, apage: null });
  switch (dialog.kind) {
    case "add-user":
      return <UserFormDialog closeHref={closeHref} errors={errors} values={values} />;
    case "edit-user":
      return <UserFormDialog user={dialog.user} closeHref={closeHref} errors={errors} values={values} />;
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
