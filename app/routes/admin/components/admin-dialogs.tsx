import type { FormResult } from "~/lib/submission";
import { useHrefWith } from "~/hooks/use-href-with";
import type { ComponentProps } from "react";
import { ActivitiesDialog } from "./activities-dialog";
import { MediaDialog } from "~/components/media/media-dialog";
import { PreviewDialog } from "./explorer-dialogs";
import { DeleteUserDialog, UserFormDialog } from "./user-dialogs";
import type { AdminUserRow } from "./users-table";

/** The dialog the address names, with what it shows (the admin page's loader reads it). */
type AdminDialog =
  | { kind: "add-user" }
  | { kind: "edit-user" | "delete-user"; user: AdminUserRow }
  | { kind: "activities"; user: AdminUserRow; list: ComponentProps<typeof ActivitiesDialog>["list"] }
  | { kind: "preview"; preview: ComponentProps<typeof PreviewDialog>["preview"] }
  | { kind: "media"; media: ComponentProps<typeof MediaDialog>["media"] };

type Props = {
  dialog: AdminDialog | null;
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
