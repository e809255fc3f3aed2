import { describe, expect, it } from "vitest";
import { FIXED_SPAN, formatDate, formatDateTime } from "../lib/dates";
import { fixedOffsetMinutes } from "./server-time-zone.server";

// What Intl writes, the reference the arithmetic of a fixed-offset zone must match. One formatter per zone
// and shape: building one costs far more than using it, and 12,000 of them made the test slow on a busy machine.
const formatters = new Map<string, Intl.DateTimeFormat>();
function intl(ms: number, zone: string, withTime: boolean) {
  const key = `${zone} ${withTime}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    });
    formatters.set(key, format);
  }
  const text = format.format(ms);
  return withTime ? text.replace(", ", " ") : text;
}

describe("the server's time zone for dates", () => {
  it("has a fixed offset where the zone kept one since 2000, and none with summer time or a change", () => {
    expect(fixedOffsetMinutes("UTC")).toBe(0);
    expect(fixedOffsetMinutes("Asia/Ho_Chi_Minh")).toBe(420);
    expect(fixedOffsetMinutes("Asia/Kolkata")).toBe(330);
    expect(fixedOffsetMinutes("America/Sao_Paulo")).toBeNull(); // summer time until 2019
    expect(fixedOffsetMinutes("Europe/Berlin")).toBeNull();
    expect(fixedOffsetMinutes("Europe/Moscow")).toBeNull(); // +03, +04 from 2011, +03 again from 2014
    expect(fixedOffsetMinutes("Africa/Casablanca")).toBeNull(); // a month's change every Ramadan
  });

  it("writes the same dates as Intl for fixed-offset zones, within the checked span and outside it", () => {
    const samples: number[] = [
      FIXED_SPAN.from,
      FIXED_SPAN.until - 1,
      Date.UTC(2026, 0, 5, 23, 30),
      Date.UTC(1970, 0, 1, 16, 30),
      Date.UTC(2045, 6, 1, 20),
    ];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      samples.push(FIXED_SPAN.from + (seed / 2147483647) * (FIXED_SPAN.until - FIXED_SPAN.from));
    }
    for (const name of ["UTC", "Asia/Ho_Chi_Minh", "Asia/Kolkata"]) {
      const zone = { name, fixedOffsetMinutes: fixedOffsetMinutes(name) };
      for (const ms of samples) {
        expect(formatDate(ms, zone), `${name} ${new Date(ms).toISOString()}`).toBe(intl(ms, name, false));
        expect(formatDateTime(ms, zone), `${name} ${new Date(ms).toISOString()}`).toBe(intl(ms, name, true));
      }
    }
  });

  it("leaves to Intl the dates of a zone with summer time", () => {
    const zone = { name: "Europe/Berlin", fixedOffsetMinutes: fixedOffsetMinutes("Europe/Berlin") };
    expect(formatDateTime(Date.UTC(2026, 6, 1, 22, 30), zone)).toBe("02/07/2026 00:30");
    expect(formatDateTime(Date.UTC(2026, 0, 1, 22, 30), zone)).toBe("01/01/2026 23:30");
  });
});
