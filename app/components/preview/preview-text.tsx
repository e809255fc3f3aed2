import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { PreviewPage } from "~/lib/preview-blocks";

/**
 * One page of a preview (10 blocks for a topic, 15 for the book: docs/product.md §9), as the server cut it or as
 * a generation streams it. The pages are links, so they work without JavaScript; image markers show
 * their image, or the placeholder image.
 */
export function PreviewText({ shown, pageHref }: { shown: PreviewPage; pageHref: (page: number) => string }) {
  const t = useT();
  return (
    <div className="preview-text">
      {shown.blocks.map((block, i) => {
        if (block.kind === "heading") {
          const Heading = block.level === 1 ? "h3" : block.level === 2 ? "h4" : "h5";
          return <Heading key={i}>{block.text}</Heading>;
        }
        if (block.kind === "image") {
          return (
            <figure key={i} className="preview-figure">
              <img
                src={block.src}
                alt={t("preview.image", { description: block.description })}
                loading="lazy"
                onError={(event) => {
                  const img = event.currentTarget;
                  if (!img.src.endsWith("/api/media/render/placeholder")) img.src = "/api/media/render/placeholder";
                }}
              />
              {block.description ? <figcaption>{block.description}</figcaption> : null}
            </figure>
          );
        }
        return <p key={i}>{block.text}</p>;
      })}
      {shown.count > 1 ? (
        <nav className="pager" aria-label={t("preview.pages")}>
          {shown.page > 1 ? (
            <Link to={pageHref(shown.page - 1)} preventScrollReset>
              {t("preview.previous")}
            </Link>
          ) : null}
          <span>{t("preview.page", { page: String(shown.page), count: String(shown.count) })}</span>
          {shown.page < shown.count ? (
            <Link to={pageHref(shown.page + 1)} preventScrollReset>
              {t("preview.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
