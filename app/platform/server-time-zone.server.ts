import { FIXED_SPAN, type DisplayZone } from "../lib/dates";

/** The server's time zone, read once: dates are shown in it (dates.ts). */
const SERVER_TIME_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** "GMT", "GMT+07:00", "GMT-03:30" → minutes east of UTC; null for anything else. */
function offsetMinutes(label: string): number | null {
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(label);
  if (!match) return null;
  if (!match[1]) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The zone's UTC offset in minutes if it is the same at every week of FIXED_SPAN, else null (summer time,
 * or a change of offset). A week is shorter than any offset change in the time zone database since 2000
 * (the shortest, Morocco's Ramadan months, last about four weeks).
 */
export function fixedOffsetMinutes(zone: string): number | null {
  const offsetAt = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  let fixed: number | null = null;
  for (let ms = FIXED_SPAN.from; ms < FIXED_SPAN.until + WEEK_MS; ms += WEEK_MS) {
    const label =
      offsetAt.formatToParts(Math.min(ms, FIXED_SPAN.until - 1)).find((part) => part.type === "timeZoneName")?.value ??
      "";
    const minutes = offsetMinutes(label);
    if (minutes === null || (fixed !== null && minutes !== fixed)) return null;
    fixed = minutes;
  }
  return fixed;
}

let serverZone: DisplayZone | undefined;

/** The server's zone as the pages get it (root loader), worked out on first use. */
export function serverDisplayZone(): DisplayZone {
  serverZone ??= { name: SERVER_TIME_ZONE, fixedOffsetMinutes: fixedOffsetMinutes(SERVER_TIME_ZONE) };
  return serverZone;
}
