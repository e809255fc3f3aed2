import { useT } from "~/i18n/use-t";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/lib/use-root-data";

export type StoryMediaItem = { id: number; type: "image" | "audio"; filename: string; description: string; createdAt: Date | string };

/**
 * The media-files tab of a story: its images and recordings as stored, each with its name (an
 * image's description, else the file's name), its type and when it was added (dd/MM/yyyy HH:mm).
 */
export function StoryMediaList({ media }: { media: StoryMediaItem[] }) {
  const t = useT();
  const timeZone = useTimeZone();
  if (media.length === 0) return <p className="empty-state">{t("storyEditor.mediaEmpty")}</p>;
  return (
    <div className="stack">
      <p className="muted">{t("storyEditor.mediaIntro")}</p>
      <ul className="media-list">
        {media.map((item) => (
          <li key={item.id} className="media-item">
            <span className="media-name">{item.description || item.filename || t("storyEditor.mediaUntitled")}</span>
            <span className="badge">{item.type === "image" ? t("storyEditor.mediaImage") : t("storyEditor.mediaAudio")}</span>
            <span className="media-date">{t("storyEditor.mediaAdded", { date: formatDateTime(item.createdAt, timeZone) })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
