import { describe, expect, it } from "vitest";
import { avatarInitial } from "~/components/layout/avatar-initial";
import { formatDate, formatDateTime, weekStart } from "./dates";

describe("dates", () => {
  it("formats as dd/MM/yyyy and dd/MM/yyyy HH:mm in the given zone", () => {
    const date = new Date("2026-01-05T23:30:00Z");
    expect(formatDate(date, "UTC")).toBe("05/01/2026");
    expect(formatDate(date, "Asia/Ho_Chi_Minh")).toBe("06/01/2026");
    expect(formatDateTime(date, "Asia/Ho_Chi_Minh")).toBe("06/01/2026 06:30");
  });

  it("starts the week on Monday in Vietnamese and Sunday in English", () => {
    expect(weekStart("vi")).toBe(1);
    expect(weekStart("en")).toBe(0);
  });
});

describe("avatar initial", () => {
  it("uses displayName, then username, then U", () => {
    expect(avatarInitial({ displayName: "đức", username: "x" })).toBe("Đ");
    expect(avatarInitial({ displayName: " ", username: "lan" })).toBe("L");
    expect(avatarInitial({})).toBe("U");
  });
});
