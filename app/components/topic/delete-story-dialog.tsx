import { Form, Link } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";

/** The story delete confirmation: irreversible, permanent removal. */
export function DeleteStoryDialog({ story, closeHref }: { story: { id: number; title: string }; closeHref: string }) {
  const t = useT();
  return (
    <Dialog title={t("topicPage.confirmDeleteTitle")} closeHref={closeHref}>
      <p className="warning">{t("topicPage.confirmDeleteText", { title: story.title })}</p>
      <Form method="post" action={closeHref} className="form-actions" preventScrollReset>
        <input type="hidden" name="intent" value="delete-story" />
        <input type="hidden" name="storyId" value={story.id} />
        <Link to={closeHref} className="button button-secondary" preventScrollReset>
          {t("books.cancel")}
        </Link>
        <button type="submit" className="button button-danger">
          {t("topicPage.delete")}
        </button>
      </Form>
    </Dialog>
  );
}
