// A recording's length on her page: "0:05" to see, and in words for a screen reader ("5 giây"), which would read
// "0:05" as a time of day. app/lib/duration.ts says the same on the app's pages; her page's script imports nothing of
// the app, so that the build keeps it one small file of its own (ADR 0028).

function parts(ms: number) {
  const total = Math.max(1, Math.round(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** "3:25": minutes and seconds, as a player shows them (a recording stops at 10 minutes). */
export function clockLength(ms: number): string {
  const { minutes, seconds } = parts(ms);
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** "3 phút, 25 giây", "3 minutes, 25 seconds": Intl words it in the page's language, plurals included. */
export function spokenLength(ms: number, locale: string): string {
  const values = parts(ms);
  const words = (["minutes", "seconds"] as const)
    .filter((unit) => values[unit] > 0)
    .map((unit) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: unit.slice(0, -1), unitDisplay: "long" }).format(
        values[unit],
      ),
    );
  return new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(words);
}
