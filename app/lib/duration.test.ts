import { describe, expect, it } from "vitest";
import { clockDuration, isoDuration, spokenDuration } from "./duration";

describe("a recording's length", () => {
  it("reads as a player shows it, as ISO 8601, and in words in the book's language", () => {
    expect(clockDuration(205_000)).toBe("3:25");
    expect(clockDuration(3_723_400)).toBe("1:02:03");
    expect(clockDuration(200)).toBe("0:01");
    expect(isoDuration(205_000)).toBe("PT3M25S");
    expect(isoDuration(3_600_000)).toBe("PT1H");
    expect(spokenDuration(205_000, "en")).toBe("3 minutes, 25 seconds");
    expect(spokenDuration(61_000, "en")).toBe("1 minute, 1 second");
    expect(spokenDuration(205_000, "vi")).toBe("3 phút, 25 giây");
  });
});
