import { describe, expect, it } from "vitest";
import { sampleDocument } from "../../tests/support/keepsake-sample";
import { checkKeepsake, countRows, IMPORT_BOUNDS } from "./keepsake-format";

type Doc = ReturnType<typeof sampleDocument> & Record<string, unknown>;
const check = (change: (doc: Doc) => void) => {
  const doc = sampleDocument() as Doc;
  change(doc);
  return checkKeepsake(JSON.parse(JSON.stringify(doc)), "book");
};
const where = (change: (doc: Doc) => void) => {
  const result = check(change);
  if (result.ok) return "ok";
  return `${result.problem} ${"bound" in result ? result.bound : (result.where ?? "")}`.trim();
};

describe("book.json, version 1", () => {
  it("accepts an export, an uploaded cover and no cover, and ignores fields it does not know", () => {
    expect(check(() => {}).ok).toBe(true);
    expect(where((doc) => (doc.book.cover = { file: "media/cover.webp" }))).toBe("ok");
    expect(where((doc) => (doc.book.cover = null))).toBe("ok");
    expect(where((doc) => (doc.comment = "added by hand"))).toBe("ok");
  });

  it("tells another kind of file and a newer version from a broken one", () => {
    expect(checkKeepsake([], "book")).toEqual({ ok: false, problem: "notObject" });
    expect(checkKeepsake(null, "book")).toEqual({ ok: false, problem: "notObject" });
    expect(where((doc) => (doc.format = "something-else" as never))).toBe("wrongFormat");
    expect(where((doc) => (doc.version = 2 as never))).toBe("wrongVersion");
    expect(where((doc) => (doc.version = "1" as never))).toBe("wrongVersion");
    expect(checkKeepsake(sampleDocument(), "library")).toEqual({ ok: false, problem: "wrongFormat" });
  });

  it("names the first wrong field: types, blanks, dates, enums", () => {
    expect(where((doc) => (doc.book.title = 42 as never))).toBe("invalid book.title");
    expect(where((doc) => (doc.book.title = "  "))).toBe("invalid book.title");
    expect(where((doc) => (doc.book.language = "fr" as never))).toBe("invalid book.language");
    expect(where((doc) => (doc.topics = {} as never))).toBe("invalid topics");
    expect(where((doc) => (doc.topics[0]!.archived = "yes" as never))).toBe("invalid topics.0.archived");
    expect(where((doc) => (doc.topics[0]!.stories[0]!.status = "deleted" as never))).toBe(
      "invalid topics.0.stories.0.status",
    );
    expect(where((doc) => (doc.topics[0]!.stories[0]!.createdAt = "2026-13-45"))).toBe(
      "invalid topics.0.stories.0.createdAt",
    );
    expect(where((doc) => (doc.topics[0]!.stories[0]!.media[0]!.type = "video" as never))).toBe(
      "invalid topics.0.stories.0.media.0.type",
    );
    expect(where((doc) => (doc.topics[0]!.stories[0]!.media[0]!.mimeType = "image/svg+xml" as never))).toBe(
      "invalid topics.0.stories.0.media.0.mimeType",
    );
    expect(where((doc) => delete (doc.topics[0] as Record<string, unknown>).questions)).toBe(
      "invalid topics.0.questions",
    );
  });

  it("refuses oversized strings and lists at the app's own limits", () => {
    expect(where((doc) => (doc.book.title = "t".repeat(201)))).toBe("invalid book.title");
    expect(where((doc) => (doc.book.tone = "t".repeat(129)))).toBe("invalid book.tone");
    expect(where((doc) => (doc.book.description = "d".repeat(5001)))).toBe("invalid book.description");
    expect(where((doc) => (doc.topics[0]!.stories[0]!.content = "c".repeat(200_001)))).toBe(
      "invalid topics.0.stories.0.content",
    );
    expect(where((doc) => (doc.topics[0]!.stories[0]!.media[0]!.description = "d".repeat(501)))).toBe(
      "invalid topics.0.stories.0.media.0.description",
    );
    expect(where((doc) => (doc.topics[0]!.questions[0]!.question = "q".repeat(1001)))).toBe(
      "invalid topics.0.questions.0.question",
    );
    expect(
      where(
        (doc) =>
          (doc.topics[0]!.stories[0]!.media = Array.from({ length: 201 }, (_, i) => ({
            ...sampleDocument().topics[0]!.stories[0]!.media[0]!,
            file: `media/${i}.webp`,
          }))),
      ),
    ).toBe("invalid topics.0.stories.0.media");
  });

  it("counts the rows before anything else, and names the first bound of one import it goes past", () => {
    const many = <T>(n: number, item: (i: number) => T) => Array.from({ length: n }, (_, i) => item(i));
    const topic = sampleDocument().topics[1]!;
    expect(where((doc) => (doc.topics = many(IMPORT_BOUNDS.topics, () => topic)))).toBe("ok");
    expect(where((doc) => (doc.topics = many(IMPORT_BOUNDS.topics + 1, () => topic)))).toBe("tooMany topics");
    // Counted across topics, before the schema walks them: these questions are not even valid.
    expect(
      where(
        (doc) =>
          (doc.topics = many(2, () => ({
            ...topic,
            questions: many(IMPORT_BOUNDS.questions / 2 + 1, () => null as never),
          }))),
      ),
    ).toBe("tooMany questions");
    expect(
      where(
        (doc) =>
          (doc.topics = many(3, () => ({
            ...topic,
            stories: many(IMPORT_BOUNDS.stories / 3 + 1, () => null as never),
          }))),
      ),
    ).toBe("tooMany stories");
    expect(
      where(
        (doc) =>
          (doc.topics = [
            {
              ...topic,
              stories: many(IMPORT_BOUNDS.media / 100 + 1, () => ({ media: many(100, () => null) }) as never),
            },
          ]),
      ),
    ).toBe("tooMany media");
    expect(countRows(sampleDocument(), "book")).toEqual({ books: 1, topics: 2, questions: 1, stories: 2, media: 2 });
  });

  it("keeps references local and safe: question keys, media paths, files used once, presets only", () => {
    expect(where((doc) => (doc.topics[0]!.stories[0]!.question = "q2"))).toBe("invalid topics.0.stories.0.question");
    expect(
      where((doc) => (doc.topics[1]!.questions = [{ key: "q1", question: "Again?", createdAt: doc.exportedAt }])),
    ).toBe("invalid topics.1.questions.0.key");
    expect(where((doc) => (doc.topics[0]!.questions[0]!.key = "id-7"))).toBe("invalid topics.0.questions.0.key");
    for (const file of [
      "../book.json",
      "media/../../x",
      "/media/x",
      "media\\x",
      "C:/media/x",
      "other/x.webp",
      "media/",
      "media//x",
    ]) {
      expect(
        where((doc) => (doc.topics[0]!.stories[0]!.media[0]!.file = file)),
        file,
      ).toBe("invalid topics.0.stories.0.media.0.file");
    }
    expect(where((doc) => (doc.topics[0]!.stories[0]!.media[1]!.file = "media/001-ben-song.webp"))).toBe(
      "invalid topics.0.stories.0.media.1.file",
    );
    expect(where((doc) => (doc.book.cover = { file: "media/001-ben-song.webp" }))).toBe(
      "invalid topics.0.stories.0.media.0.file",
    );
    expect(where((doc) => (doc.book.cover = { preset: "/covers/7.webp" }))).toBe("invalid book.cover");
    expect(where((doc) => (doc.book.cover = { preset: "/covers/1.webp", file: "media/x.webp" } as never))).toBe(
      "invalid book.cover",
    );
  });
});

describe("library.json, version 1", () => {
  const library = (books: unknown) =>
    checkKeepsake({ format: "heirloom-library", version: 1, exportedAt: "2026-11-01T08:30:00.000Z", books }, "library");
  it("lists book folders under books/, each once", () => {
    expect(library([{ folder: "books/01-ba-noi/", title: "Bà nội" }]).ok).toBe(true);
    for (const folder of ["../", "books/../", "books/01/x/", "books/Ba Noi/", "/books/01/", "books/01"])
      expect(library([{ folder, title: "x" }]).ok, folder).toBe(false);
    expect(
      library([
        { folder: "books/01-a/", title: "a" },
        { folder: "books/01-a/", title: "b" },
      ]),
    ).toEqual({ ok: false, problem: "invalid", where: "books.1.folder" });
    const folders = (n: number) => Array.from({ length: n }, (_, i) => ({ folder: `books/${i}-a/`, title: "a" }));
    expect(library(folders(IMPORT_BOUNDS.books)).ok).toBe(true);
    expect(library(folders(IMPORT_BOUNDS.books + 1))).toEqual({ ok: false, problem: "tooMany", bound: "books" });
  });
});
