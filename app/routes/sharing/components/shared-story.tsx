import { RecordingLength } from "~/components/media/recording-length";
import { useT } from "~/i18n/use-t";
import { storyParagraphs } from "~/lib/text";
import type { SharedMedia, SharedStory as Story } from "~/routes/sharing/shared-book.types";

/**
 * The box a photo takes, in CSS pixels, before the stylesheet narrows it to the measure: its own size, but
 * no taller than this, so a portrait photo does not fill more than a screen. Given as the <img>'s width and
 * height, it keeps the photo's place while it loads, so nothing below it moves.
 */
const PHOTO_MAX_HEIGHT = 720;
function photoBox(item: SharedMedia): { width: number; height: number } | null {
  if (!item.width || !item.height) return null;
  if (item.height <= PHOTO_MAX_HEIGHT) return { width: item.width, height: item.height };
  return { width: Math.round((item.width * PHOTO_MAX_HEIGHT) / item.height), height: PHOTO_MAX_HEIGHT };
}

/**
 * One published story, as a QR code of the printed book opens it (`#story-{id}`): the title, then the
 * storyteller's voice right under it so the player is in view on arrival, the text, then the photos at the
 * measure's width with their captions, each opening its own page of the book (full size, caption, the way back).
 */
export function SharedStory({ story }: { story: Story }) {
  const t = useT();
  const recordings = story.media.filter((item) => item.type === "audio");
  const photos = story.media.filter((item) => item.type === "image");
  return (
    <article id={`story-${story.id}`} className="reader-story" aria-labelledby={`story-${story.id}-title`}>
      <h3 id={`story-${story.id}-title`}>{story.title}</h3>
      {recordings.map((item) => (
        <figure key={item.id} className="reader-voice">
          <figcaption>
            <span>{t("reader.listen", { title: item.description || story.title })}</span>{" "}
            <RecordingLength ms={item.durationMs} className="reader-length" />
          </figcaption>
          <audio controls preload="none" src={item.url} />
        </figure>
      ))}
      {storyParagraphs(story.text).map((text, index) => (
        <p key={index} className="reader-text">
          {text}
        </p>
      ))}
      {photos.map((item) => (
        <figure key={item.id} className="reader-photo">
          <a
            href={item.page ?? item.url}
            aria-label={t("reader.photoOf", { description: item.description || story.title })}
          >
            <img src={item.url} alt={item.description} {...photoBox(item)} loading="lazy" decoding="async" />
          </a>
          {item.description ? <figcaption>{item.description}</figcaption> : null}
        </figure>
      ))}
    </article>
  );
}
