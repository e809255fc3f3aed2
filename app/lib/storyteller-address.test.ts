import { describe, expect, it } from "vitest";
import { addressFromName, linkAddress } from "./storyteller-address";

describe("the form of address her name begins with (issue 35)", () => {
  it.each([
    ["Bà Lan", "ba"],
    ["bà lan", "ba"],
    ["BÀ LAN", "ba"],
    ["Bà nội Lan", "ba"],
    ["  Bà Lan  ", "ba"],
    // A phone may send the marks apart (NFD): the same word.
    ["Ba\u0300 Lan", "ba"],
    ["Ông Tư", "ong"],
    ["ÔNG TƯ", "ong"],
    ["O\u0302ng Tư", "ong"],
    ["Mẹ", "me"],
    ["Bố Hùng", "bo"],
    // "Ba" is the South's father, not "Bà".
    ["Ba Minh", "bo"],
    ["Cô Hạnh", "co"],
    ["Chú Tư", "chu"],
    ["Bác Ba", "bac"],
    ["Dì Út", "di"],
    ["“Bà” Lan", "ba"],
  ])("%s is addressed as %s", (name, address) => {
    expect(addressFromName(name)).toBe(address);
  });

  it.each([
    // Names that merely start with the same letters, or a word one mark away.
    "Bảo",
    "Bảo Anh",
    "Ôngg Tư",
    "Cố Hai",
    "Bàn",
    "Mê Linh",
    "Chu Văn An",
    "Di",
    "Lan",
    "Grandma Lan",
    "",
    "   ",
    // An object's own keys are not words of kinship.
    "constructor",
    "toString",
  ])("%j says nothing", (name) => {
    expect(addressFromName(name)).toBeNull();
  });

  it("keeps the address chosen, else the one the name begins with, else bạn", () => {
    expect(linkAddress("Bà Lan", "ban")).toBe("ban");
    expect(linkAddress("Bà Lan", "co")).toBe("co");
    expect(linkAddress("Bà Lan", undefined)).toBe("ba");
    expect(linkAddress("Lan", undefined)).toBe("ban");
    expect(linkAddress("", undefined)).toBe("ban");
  });
});
