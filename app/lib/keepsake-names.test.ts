import { describe, expect, it } from "vitest";
import { asciiFold, attachmentDisposition, entryNameProblem, safeFileName, slugify } from "./keepsake-names";

describe("zip entry names", () => {
  it("accepts plain relative paths, files and folders", () => {
    for (const name of [
      "book.json",
      "media/001-ba-noi.webp",
      "books/01-sach/",
      "books/01-sach/media/cover.webp",
      "ảnh bà nội.jpg",
      "a..b/c.d",
    ])
      expect(entryNameProblem(name), name).toBeNull();
  });

  it("refuses every way out of the folder, and names no system should see", () => {
    expect(entryNameProblem("")).toBe("empty");
    expect(entryNameProblem("a/".repeat(300))).toBe("tooLong");
    expect(entryNameProblem("../evil")).toBe("dotSegment");
    expect(entryNameProblem("media/../../evil")).toBe("dotSegment");
    expect(entryNameProblem("media/..")).toBe("dotSegment");
    expect(entryNameProblem("./book.json")).toBe("dotSegment");
    expect(entryNameProblem("media/../")).toBe("dotSegment");
    expect(entryNameProblem("/etc/passwd")).toBe("absolute");
    expect(entryNameProblem("//server/share")).toBe("absolute");
    expect(entryNameProblem("C:/Windows/x.dll")).toBe("drive");
    expect(entryNameProblem("c:x")).toBe("drive");
    expect(entryNameProblem("media\\..\\evil")).toBe("backslash");
    expect(entryNameProblem("..\\evil")).toBe("backslash");
    expect(entryNameProblem("book.json:stream")).toBe("colon");
    expect(entryNameProblem("media/a\u0000.webp")).toBe("control");
    expect(entryNameProblem("media/a\nb")).toBe("control");
    expect(entryNameProblem("media//a")).toBe("emptySegment");
  });
});

describe("names an export writes", () => {
  it("folds Vietnamese to ASCII slugs", () => {
    expect(asciiFold("Đường về quê ngoại")).toBe("Duong ve que ngoai");
    expect(slugify("Bà nội ở Huế!")).toBe("ba-noi-o-hue");
    expect(slugify("  ***  ")).toBe("item");
    expect(slugify("", { fallback: "photo" })).toBe("photo");
    expect(slugify("a".repeat(100)).length).toBe(40);
    expect(slugify("abc ".repeat(20), { max: 10 })).toBe("abc-abc-ab");
  });

  it("makes safe file names and an RFC 5987 Content-Disposition", () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j\u0001k')).toBe("a b c d e f g h i j k");
    expect(safeFileName("   ")).toBe("Heirloom");
    expect(attachmentDisposition("Bà nội - Heirloom.zip")).toBe(
      `attachment; filename="Ba noi - Heirloom.zip"; filename*=UTF-8''B%C3%A0%20n%E1%BB%99i%20-%20Heirloom.zip`,
    );
    expect(attachmentDisposition("It's (mine)!.zip")).toBe(
      `attachment; filename="It's (mine)!.zip"; filename*=UTF-8''It%27s%20%28mine%29!.zip`,
    );
    expect(attachmentDisposition("a*b.zip")).toBe(`attachment; filename="a b.zip"; filename*=UTF-8''a%20b.zip`);
    // A header can never be broken out of.
    expect(attachmentDisposition('x"\r\nSet-Cookie: a=b.zip')).not.toMatch(/[\r\n]/);
    expect(attachmentDisposition("家族.zip")).toMatch(
      /^attachment; filename="__\.zip"; filename\*=UTF-8''%E5%AE%B6%E6%97%8F\.zip$/,
    );
  });
});
