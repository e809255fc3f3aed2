import { describe, expect, it } from "vitest";
import { refineOffline } from "./offline-refine";

/** The words of a text, in order, ignoring case (a sentence's first letter may be capitalised). */
const wordsOf = (text: string) =>
  text
    .normalize("NFC")
    .toLocaleLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

const VI_MESSY =
  "  hồi   đó nhà tôi ở làng Phú Xuân , bên bờ sông Hương .mỗi sáng mẹ tôi dậy thổi cơm ,mùi khói bếp thơm cả xóm." +
  "đến trưa bố đi làm đồng về .\n" +
  'bà nội hay nói :"con ơi , ăn cơm đi !" rồi cười.\n\n\n\n' +
  "năm 1975 cả nhà chuyển vào Sài Gòn.ở đó chúng tôi sống trong một căn nhà nhỏ ở quận 3 , " +
  "giá thuê 3.5 chỉ vàng một năm.đường đi rất xa…nhưng ai cũng vui .";

const EN_MESSY =
  "we moved to the city in 1975.it was a hard year !my mother worked at the mill , my father drove a truck .\n" +
  'Dad always said "keep going" and we did.     he kept his pay slips from 10:30 shifts , about 1,000 of them .\n\n\n' +
  "  see www.example.com/story?id=3.for more, write to lan.nguyen@example.vn .e.g. the photos.   " +
  "mr. smith helped too .";

const SAMPLES = [VI_MESSY, EN_MESSY];

describe("refineOffline", () => {
  it("never adds, removes, reorders or respells a word", () => {
    for (const text of SAMPLES) expect(wordsOf(refineOffline(text))).toEqual(wordsOf(text));
  });

  it(
    "keeps the words of 500 texts (and a second pass changes nothing) jumbled from words, " +
      "marks, quotes, numbers, addresses and spaces",
    () => {
      const pieces = [
        "đi",
        "học",
        "Bà",
        "ông",
        "iPhone",
        "3.5",
        "1,000",
        "10:30",
        "TP.HCM",
        "e.g.",
        "www.a.com/x?y=1",
        "a@b.vn",
        "'",
        '"',
        "«",
        "»",
        "(",
        ")",
        "…",
        "...",
        ".",
        ",",
        ";",
        ":",
        "!",
        "?",
        " ",
        "  ",
        "\t",
        "\n",
        "\n\n",
        "- ",
        "1. ",
        "word",
        "ĐÂY",
        "chợ.sau",
        "end.The",
      ];
      let seed = 42;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let n = 0; n < 500; n++) {
        const text = Array.from(
          { length: 5 + Math.floor(next() * 40) },
          () => pieces[Math.floor(next() * pieces.length)],
        ).join(next() < 0.5 ? "" : " ");
        const once = refineOffline(text);
        expect(wordsOf(once), JSON.stringify(text)).toEqual(wordsOf(text));
        // A second pass has nothing left to do.
        expect(refineOffline(once), JSON.stringify(text)).toBe(once);
      }
    },
  );

  it("tidies Vietnamese text: spaces around marks, capitals (đ → Đ), paragraphs, paired quotes", () => {
    expect(refineOffline(VI_MESSY)).toBe(
      [
        "Hồi đó nhà tôi ở làng Phú Xuân, bên bờ sông Hương. Mỗi sáng mẹ tôi dậy thổi cơm, " +
          "mùi khói bếp thơm cả xóm. Đến trưa bố đi làm đồng về.",
        "Bà nội hay nói: “con ơi, ăn cơm đi!” rồi cười.",
        "Năm 1975 cả nhà chuyển vào Sài Gòn. Ở đó chúng tôi sống trong một căn nhà nhỏ ở quận 3, " +
          "giá thuê 3.5 chỉ vàng một năm. Đường đi rất xa…nhưng ai cũng vui.",
      ].join("\n\n"),
    );
  });

  it("tidies English text and leaves addresses, numbers, times and abbreviations alone", () => {
    expect(refineOffline(EN_MESSY)).toBe(
      [
        "We moved to the city in 1975.it was a hard year! My mother worked at the mill, my father drove a truck.",
        "Dad always said “keep going” and we did. He kept his pay slips from 10:30 shifts, about 1,000 of them.",
        "See www.example.com/story?id=3.for more, write to lan.nguyen@example.vn. E.g. the photos. " +
          "Mr. smith helped too.",
      ].join("\n\n"),
    );
  });

  it("removes the French-style space before ; : ! ? and keeps smileys and decimals", () => {
    expect(refineOffline("Thật vậy ! Bà hỏi : « đi đâu ? »")).toBe("Thật vậy! Bà hỏi: « đi đâu? »");
    expect(refineOffline("It was fun :) we laughed . A score of .5 ; not bad")).toBe(
      "It was fun :) we laughed. A score of .5; not bad",
    );
  });

  it(
    "does not capitalise after an ellipsis, an abbreviation, " +
      "an initial or a dialogue's closing quote, nor words with inner capitals",
    () => {
      expect(refineOffline("Rồi... chúng tôi đi. v.v. và thế. Ông Nguyễn V. an ở đó.")).toBe(
        "Rồi... chúng tôi đi. V.v. và thế. Ông Nguyễn V. an ở đó.",
      );
      expect(refineOffline('"Stop!" she said. iPhones came later.')).toBe("“Stop!” she said. iPhones came later.");
    },
  );

  it("one paragraph per sentence-ending line, hard wraps and lists kept, one blank line between paragraphs", () => {
    const text =
      "A heading\nThe first line wraps\nhere and ends.\nA second paragraph.\n\n\n\n- one item\n- another item\n" +
      "that wraps.\nafter the list.";
    expect(refineOffline(text)).toBe(
      "A heading\nThe first line wraps\nhere and ends.\n\nA second paragraph.\n\n- one item\n- another item\n" +
        "that wraps.\n\nAfter the list.",
    );
  });

  it("leaves straight quotes that are not clearly paired, and apostrophes", () => {
    expect(refineOffline('He said "yes and left. It\'s 5" long.')).toBe('He said "yes and left. It\'s 5" long.');
  });

  it("joins Vietnamese typed with combining accents into the usual letters (NFC) and adds no final full stop", () => {
    const decomposed = "đi học".normalize("NFD");
    expect(refineOffline(decomposed)).toBe("Đi học");
  });

  it("gives an empty text back empty", () => {
    expect(refineOffline("  \n\n ")).toBe("");
  });
});
