// When a storyteller's weekly question goes out (issue 37): on some weekdays, at a wall-clock time, in her time zone.
// The time is hers, so a send at 09:00 stays at 09:00 across a change to or from summer time, and the instants
// between two sends are not always seven days apart. Only Intl is used: Node and every browser carry the zones.

import type { WeeklySchedule } from "~db/values";

export type { WeeklySchedule };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** Whether `name` is a time zone this runtime knows ("Asia/Ho_Chi_Minh", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    // A zone Intl does not know throws here, and is never kept.
    wallClockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether `time` is a 24-hour "HH:MM". */
export function isScheduleTime(time: string): boolean {
  return TIME.test(time);
}

// One formatter per zone: making one costs far more than using it.
const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC: Date.UTC(year, month, day, hour, minute, second). */
function wallClock(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at `instant`, in milliseconds (Ho Chi Minh City: +7 h). */
function offsetAt(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(timeZone, whole) - whole;
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall` (a Date.UTC of the local date and time). A time
 * that happens twice (summer time ending) is its first; a time that does not happen (summer time starting) is read
 * with the offset before the change, so 02:30 on the morning clocks go from 02:00 to 03:00 is 03:30, as
 * Temporal's "compatible" does.
 */
export function instantOfWallClock(timeZone: string, wall: number): number {
  // A zone changes its offset at most once in two days: the offsets a day before and a day after are the two.
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const fits = [wall - before, wall - after].filter((instant) => wallClock(timeZone, instant) === wall);
  return fits.length ? Math.min(...fits) : wall - before;
}

/**
 * The first instant strictly after `after` at which the schedule sends: the next of its weekdays at its time, in
 * its zone. A send missed (the server was down for weeks) is not made up: the next one is after `after`.
 */
export function nextSendAt(schedule: WeeklySchedule, after: Date): Date {
  const match = TIME.exec(schedule.time);
  if (!match) throw new Error(`nextSendAt: "${schedule.time}" is not HH:MM`);
  if (!isTimeZone(schedule.timeZone)) throw new Error(`nextSendAt: no time zone "${schedule.timeZone}"`);
  const weekdays = new Set(schedule.weekdays.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6));
  if (weekdays.size === 0) throw new Error("nextSendAt: no weekday between 0 and 6");
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const today = new Date(wallClock(schedule.timeZone, after.getTime()));
  // Today and the next seven days hold each weekday once, and today's may already have passed.
  for (let ahead = 0; ahead <= 8; ahead++) {
    const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead);
    if (!weekdays.has(new Date(day).getUTCDay())) continue;
    const instant = instantOfWallClock(schedule.timeZone, day + (hour * 60 + minute) * 60_000);
    if (instant > after.getTime()) return new Date(instant);
  }
  throw new Error("nextSendAt: no send within eight days");
}
