import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";

/**
 * A recording's player. It loads nothing until played (slow phones), and seeks by byte ranges. If the
 * file cannot be played it says so, with a toast and a note in place of the player (docs/product.md §8).
 */
export function MediaAudio({
  media,
  autoPlay = false,
  label,
}: {
  media: { id: number };
  autoPlay?: boolean;
  label: string;
}) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="field-error">{t("media.audioUnavailable")}</p>;
  return (
    <audio
      controls
      autoPlay={autoPlay}
      preload={autoPlay ? "auto" : "none"}
      src={`/api/media/render/id:${media.id}`}
      aria-label={label}
      className="media-audio"
      onError={() => {
        setFailed(true);
        showToast({ kind: "error", title: "media.audioLoadFailed", description: "media.audioUnavailable" });
      }}
    />
  );
}
