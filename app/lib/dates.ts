// Dates are shown as dd/MM/yyyy (and HH:mm for media) in the server's time zone, which the root loader
// passes down so the server render and hydration agree.
//
// A browser's first Intl.DateTimeFormat loads the date and time zone data: about 300 ms on this project's
// bench phone (4× CPU), in the middle of hydration. Most servers keep one UTC offset all year (UTC, Vietnam),
// so the root loader says so (server-time-zone.server.ts) and such dates are written with plain arithmetic;
// Intl is left for zones with summer time, and for dates outside the span that was checked.

/** A time zone to show dates in: its name and, when it never changed over FIXED_SPAN, its UTC offset. */
export type DisplayZone = { name: string; fixedOffsetMinutes: number | null };

/** The span over which a zone's offset is checked, and within which the offset alone formats a date. */
export const FIXED_SPAN = { from: Date.UTC(2000, 0, 1), until: Date.UTC(2040, 0, 1) } as const;

export const UTC: DisplayZone = { name: "UTC", fixedOffsetMinutes: 0 };

// Creating an Intl formatter costs far more than using one, so there is one per time zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    // en-GB writes dates as dd/MM/yyyy and times as HH:mm.
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    });
    cache.set(timeZone, format);
  }
  return format;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));
/** 5 → "05": days, months, hours, minutes and seconds as the app writes them. */
export const twoDigits = (n: number) => String(n).padStart(2, "0");

function format(value: Date | string | number, zone: DisplayZone | string, withTime: boolean): string {
  const date = toDate(value);
  const { name, fixedOffsetMinutes } =
    typeof zone === "string" ? { name: zone, fixedOffsetMinutes: zone === "UTC" ? 0 : null } : zone;
  const ms = date.getTime();
  if (fixedOffsetMinutes !== null && ms >= FIXED_SPAN.from && ms < FIXED_SPAN.until) {
    const local = new Date(ms + fixedOffsetMinutes * 60_000);
    const day = `${twoDigits(local.getUTCDate())}/${twoDigits(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
    return withTime ? `${day} ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}` : day;
  }
  const text = formatter(withTime ? dateTimeFormats : dateFormats, name, withTime).format(date);
  return withTime ? text.replace(", ", " ") : text;
}

export function formatDate(value: Date | string | number, zone: DisplayZone | string = UTC): string {
  return format(value, zone, false);
}

export function formatDateTime(value: Date | string | number, zone: DisplayZone | string = UTC): string {
  return format(value, zone, true);
}

/** Monday for Vietnamese, Sunday for English (0 = Sunday). */
export function weekStart(lng: string): 0 | 1 {
  return lng === "vi" ? 1 : 0;
}
