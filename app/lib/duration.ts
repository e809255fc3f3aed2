/** A recording's length in whole seconds, never 0: a recording that exists lasts at least a moment. */
function parts(ms: number) {
  const total = Math.max(1, Math.round(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "3:25", "1:02:03": a length as a player shows it. */
export function clockDuration(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  return hours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** "PT3M25S": the same length for a `<time dateTime>`. */
export function isoDuration(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds ? `${seconds}S` : ""}`;
}

/**
 * "3 minutes, 25 seconds", "3 phút, 25 giây": the length in words, for a screen reader, which would read
 * "3:25" as a time of day. Intl words it in any language, plurals included.
 */
export function spokenDuration(ms: number, locale: string): string {
  const values = parts(ms);
  const words = (["hours", "minutes", "seconds"] as const)
    .filter((unit) => values[unit] > 0)
    .map((unit) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: unit.slice(0, -1), unitDisplay: "long" }).format(
        values[unit],
      ),
    );
  return new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(words);
}
