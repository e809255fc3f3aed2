import { useI18n, useT } from "~/i18n/use-t";
import { clockDuration, isoDuration, spokenDuration } from "~/lib/duration";

/**
 * A recording's length as the server measured it at upload, shown before the player loads a byte (players
 * load nothing until played, on slow phones): "3:25" to the eye, "Length: 3 minutes, 25 seconds" to a screen
 * reader, which would read "3:25" as a time of day. Nothing when the length is unknown.
 */
export function RecordingLength({ ms, className }: { ms: number | null | undefined; className?: string }) {
  const t = useT();
  const { language } = useI18n();
  if (!ms) return null;
  return (
    <span className={className ?? "recording-length"}>
      <time dateTime={isoDuration(ms)} aria-hidden="true">
        {clockDuration(ms)}
      </time>
      <span className="visually-hidden">{t("media.length", { duration: spokenDuration(ms, language) })}</span>
    </span>
  );
}
