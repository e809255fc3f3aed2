import { describe, expect, it } from "vitest";
import { instantOfWallClock, isScheduleTime, isTimeZone, nextSendAt, type WeeklySchedule } from "./weekly-schedule";

const at = (iso: string) => new Date(iso);
const next = (schedule: WeeklySchedule, after: string) => nextSendAt(schedule, at(after)).toISOString();

/** The wall clock of `instant` in `timeZone`, as "YYYY-MM-DD HH:MM weekday". */
function local(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.weekday}`;
}

describe("a weekly schedule", () => {
  const mondayMorning: WeeklySchedule = { weekdays: [1], time: "08:00", timeZone: "Asia/Ho_Chi_Minh" };

  it("sends on the next of its weekdays at its time, in its zone", () => {
    // Sunday 19:00 in Saigon: Monday 08:00 there is 01:00 UTC.
    expect(next(mondayMorning, "2026-11-29T12:00:00Z")).toBe("2026-11-30T01:00:00.000Z");
    // Monday 07:30 there: the same morning.
    expect(next(mondayMorning, "2026-11-30T00:30:00Z")).toBe("2026-11-30T01:00:00.000Z");
    // At the very time or after it: the next week's.
    expect(next(mondayMorning, "2026-11-30T01:00:00Z")).toBe("2026-12-07T01:00:00.000Z");
    const twice: WeeklySchedule = { weekdays: [4, 1], time: "19:30", timeZone: "Asia/Ho_Chi_Minh" };
    expect(next(twice, "2026-11-30T13:00:00Z")).toBe("2026-12-03T12:30:00.000Z");
    expect(next(twice, "2026-12-03T12:30:00Z")).toBe("2026-12-07T12:30:00.000Z");
  });

  it("does not make up weeks missed while nothing ran", () => {
    expect(next(mondayMorning, "2027-02-10T05:00:00Z")).toBe("2027-02-15T01:00:00.000Z");
  });

  it("keeps her wall-clock time across summer time, each way", () => {
    const sundays: WeeklySchedule = { weekdays: [0], time: "09:00", timeZone: "America/New_York" };
    // 8 March 2026: New York moves from UTC−5 to UTC−4.
    expect(next(sundays, "2026-03-01T14:00:00Z")).toBe("2026-03-08T13:00:00.000Z");
    expect(next(sundays, "2026-03-08T13:00:00Z")).toBe("2026-03-15T13:00:00.000Z");
    // 1 November 2026: back to UTC−5.
    expect(next(sundays, "2026-10-25T13:00:00Z")).toBe("2026-11-01T14:00:00.000Z");

    // Ten weeks across London's change on 29 March 2026: always Wednesday 18:00 there.
    const london: WeeklySchedule = { weekdays: [3], time: "18:00", timeZone: "Europe/London" };
    let after = at("2026-03-01T00:00:00Z");
    const seen: string[] = [];
    for (let week = 0; week < 10; week++) {
      after = nextSendAt(london, after);
      seen.push(local(after, "Europe/London"));
    }
    expect(seen.every((text) => text.endsWith("18:00 Wed"))).toBe(true);
    expect(new Set(seen).size).toBe(10);
    expect(seen[0]).toBe("2026-03-04 18:00 Wed");
    expect(seen[9]).toBe("2026-05-06 18:00 Wed");
  });

  it("sends a time the clocks skip just after the jump, and a time they repeat the first time", () => {
    // 02:30 did not happen in New York on 8 March 2026: it goes at 03:30 (07:30 UTC).
    const skipped: WeeklySchedule = { weekdays: [0], time: "02:30", timeZone: "America/New_York" };
    expect(next(skipped, "2026-03-07T12:00:00Z")).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happened twice on 1 November 2026: the first, still UTC−4.
    const repeated: WeeklySchedule = { weekdays: [0], time: "01:30", timeZone: "America/New_York" };
    expect(next(repeated, "2026-10-31T12:00:00Z")).toBe("2026-11-01T05:30:00.000Z");
    // Adelaide (UTC+9:30, then +10:30 from 4 October 2026) skips 02:00 to 03:00.
    expect(instantOfWallClock("Australia/Adelaide", Date.UTC(2026, 9, 4, 2, 15))).toBe(
      Date.parse("2026-10-03T16:45:00Z"),
    );
    // A zone a quarter of an hour off, without summer time.
    expect(next({ weekdays: [5], time: "07:00", timeZone: "Asia/Kathmandu" }, "2026-11-29T00:00:00Z")).toBe(
      "2026-12-04T01:15:00.000Z",
    );
  });

  it("refuses what is not a schedule", () => {
    expect(isTimeZone("Asia/Ho_Chi_Minh")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isScheduleTime("00:00")).toBe(true);
    expect(isScheduleTime("23:59")).toBe(true);
    expect(isScheduleTime("24:00")).toBe(false);
    expect(isScheduleTime("9:00")).toBe(false);
    const now = at("2026-11-29T00:00:00Z");
    expect(() => nextSendAt({ ...mondayMorning, time: "8 am" }, now)).toThrow(/HH:MM/);
    expect(() => nextSendAt({ ...mondayMorning, timeZone: "Nowhere/Town" }, now)).toThrow(/time zone/);
    expect(() => nextSendAt({ ...mondayMorning, weekdays: [7, -1] }, now)).toThrow(/weekday/);
  });
});
