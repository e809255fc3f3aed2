import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { MediaImage } from "./media-image";

/** What a card shows of its media: at most this many, then +N (docs/product.md §2). */
export const THUMBNAILS_SHOWN = 4;

type Thumb = { id: number; type: "image" | "audio"; description: string };

/** A row of thumbnails, each a link that opens the media dialog, then +N for the rest. */
export function MediaThumbnails({
  media,
  total,
  hrefFor,
  fallbackName,
}: {
  media: Thumb[];
  total: number;
  hrefFor: (item: Thumb) => string;
  fallbackName: string;
}) {
  const t = useT();
  if (media.length === 0) return null;
  const shown = media.slice(0, THUMBNAILS_SHOWN);
  return (
    <ul className="media-thumbs">
      {shown.map((item) => {
        const kind = item.type === "image" ? t("media.image") : t("media.audio");
        return (
          <li key={item.id}>
            <Link
              className="media-thumb"
              to={hrefFor(item)}
              aria-label={t("media.open", { kind, description: item.description || fallbackName })}
              preventScrollReset
            >
              {item.type === "image" ? (
                <MediaImage media={item} thumb alt="" width={56} height={56} />
              ) : (
                <span aria-hidden="true">♪</span>
              )}
            </Link>
          </li>
        );
      })}
      {total > shown.length ? (
        <li className="muted">{t("media.more", { count: String(total - shown.length) })}</li>
      ) : null}
    </ul>
  );
}
