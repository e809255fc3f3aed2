import { useT } from "~/i18n/use-t";
import type { SharedPhotoPage } from "~/routes/sharing/shared-book.types";

/**
 * One photo of a shared book at its full size (as wide as the screen allows), its caption beneath it, and the way
 * back to the photo's place in the story (`#story-{id}`). A page of the book rather than the bare file: the file
 * opened on its own has no caption and no way back, and the browser's image viewer breaks the page's CSP.
 */
export function SharedPhotoView({ page }: { page: SharedPhotoPage }) {
  const t = useT();
  const { photo, story, book } = page;
  return (
    <main id="main" className="page reader reader-photo-page">
      <p className="reader-back">
        <a href={story.href}>{t("reader.backToStory", { title: story.title })}</a>
      </p>
      <figure className="reader-photo reader-photo-full">
        <img
          src={photo.url}
          alt={photo.description}
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
        />
        <figcaption>
          <h1>{photo.description || story.title}</h1>
          <p className="reader-note">{t("reader.photoFrom", { story: story.title, book: book.title })}</p>
        </figcaption>
      </figure>
    </main>
  );
}
