// Dates are shown as dd/MM/yyyy (and HH:mm for media) in the server's time zone,
// which the root loader passes down so the server render and hydration agree.

function parts(value: Date | string | number, timeZone: string) {
  const date = value instanceof Date ? value : new Date(value);
  const fmt = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const get = (type: string) => fmt.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return { dd: get("day"), MM: get("month"), yyyy: get("year"), HH: get("hour"), mm: get("minute") };
}

export function formatDate(value: Date | string | number, timeZone = "UTC"): string {
  const p = parts(value, timeZone);
  return `${p.dd}/${p.MM}/${p.yyyy}`;
}

export function formatDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const p = parts(value, timeZone);
  return `${p.dd}/${p.MM}/${p.yyyy} ${p.HH}:${p.mm}`;
}

/** Monday for Vietnamese, Sunday for English (0 = Sunday). */
export function weekStart(lng: string): 0 | 1 {
  return lng === "vi" ? 1 : 0;
}
