import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useT } from "~/i18n/use-t";

/** The story delete confirmation: irreversible, permanent removal. */
export function DeleteStoryDialog({ story, closeHref }: { story: { id: number; title: string }; closeHref: string }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t("topicPage.confirmDeleteTitle")}
      warning={t("topicPage.confirmDeleteText", { title: story.title })}
      fields={{ intent: "delete-story", storyId: story.id }}
      confirmLabel={t("topicPage.delete")}
      cancelLabel={t("books.cancel")}
      closeHref={closeHref}
      action={closeHref}
    />
  );
}
