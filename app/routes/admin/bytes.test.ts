import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes";

describe("formatBytes", () => {
  it("writes a size the way people read it, with the language's decimal mark", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(812 * 1024)).toBe("812 KB");
    expect(formatBytes(3.44 * 1024 * 1024)).toBe("3.4 MB");
    expect(formatBytes(3.44 * 1024 * 1024, "vi")).toBe("3,4 MB");
    expect(formatBytes(2048 * 1024 * 1024)).toBe("2 GB");
    expect(formatBytes(1024 * 1024 - 100)).toBe("1 MB");
    expect(formatBytes(1023 * 1024)).toBe("1023 KB");
  });
});
