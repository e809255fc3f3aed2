// Dates are shown as dd/MM/yyyy (and HH:mm for media) in the server's time zone,
// which the root loader passes down so the server render and hydration agree.

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

export function formatDate(value: Date | string | number, timeZone = "UTC"): string {
  return formatter(dateFormats, timeZone, false).format(toDate(value));
}

export function formatDateTime(value: Date | string | number, timeZone = "UTC"): string {
  return formatter(dateTimeFormats, timeZone, true).format(toDate(value)).replace(", ", " ");
}

/** Monday for Vietnamese, Sunday for English (0 = Sunday). */
export function weekStart(lng: string): 0 | 1 {
  return lng === "vi" ? 1 : 0;
}

/** The server's time zone, read once. */
export const SERVER_TIME_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;
