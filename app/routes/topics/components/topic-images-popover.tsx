import { Menu } from "~/components/ui/menu";
import { useT } from "~/i18n/use-t";

/**
 * The topic editor's image upload (docs/product.md §2): only a note that the feature is in development, and where
 * photos go today (a story's media files tab, whose photos the draft's image markers show).
 */
export function TopicImagesPopover() {
  const t = useT();
  return (
    <Menu
      label={t("topicEditor.images")}
      summary={t("topicEditor.images")}
      className="ai-popover"
      panelClassName="ai-panel"
    >
      <p>{t("topicEditor.imagesInDevelopment")}</p>
    </Menu>
  );
}
