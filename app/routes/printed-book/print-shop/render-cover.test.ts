import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { pdfFonts, popplerErrors, qrCodes } from "../../../../tests/support/pdf";
import type { SourceBook } from "../keepsake/source";
import type { PrintSize } from "../layout/print-job";
import { type Box, coverSpread } from "./cover-spread";
import { type CoverJob, renderCoverPdf } from "./render-cover";
import type { Paper } from "./spine";
import { bookFonts } from "../layout/fonts";

// The print shop's cover (issue 38 §2), checked the way a shop's preflight checks it, with poppler's tools: the page
// boxes as `pdfinfo -box` reads them, the fonts as `pdffonts` lists them, the text where `pdftotext -bbox` finds it
// (the spine, the back, the front, each inside its safe area), and the back's code as a phone reads it from paper
// (the page rendered by pdftoppm, read by zbarimg).

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-cover-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FONTS = bookFonts();

const SHARE_URL = "https://heirloom.example/s/Zk3q9wXv7TnB2mLr8YcP4hJd";
const INCH = 72;
const SAFE = 0.25 * INCH;

const BA_LAN: SourceBook = {
  kind: "book",
  id: 7,
  createdAt: Date.UTC(2026, 0, 2),
  title: "Những năm tháng bên dòng sông Hương",
  description:
    "Bà Lan sinh năm 1948 ở Huế, lớn lên bên bờ sông Hương.\n\n" +
    "Cuốn sách này giữ lại những câu chuyện bà kể cho con cháu: về mẹ, về chợ Đông Ba, về những mùa lũ.",
  language: "vi",
  storyteller: "Bà Nguyễn Thị Lan",
  cover: null,
  shareUrl: SHARE_URL,
  counts: { chapters: 3, stories: 12, characters: 40_000, photos: 4, recordings: 6 },
};

let made = 0;
/** The cover of `book` rendered to a file of its own. */
async function cover(job: Omit<Partial<CoverJob>, "book"> & { book?: Partial<SourceBook> } = {}): Promise<string> {
  const file = path.join(dir, `cover-${++made}.pdf`);
  await renderCoverPdf(
    {
      size: "6x9",
      paper: "cream",
      pages: 100,
      backCode: true,
      fonts: FONTS,
      ...job,
      book: { ...BA_LAN, ...job.book },
    },
    fs.createWriteStream(file),
  );
  return file;
}

/** `pdfinfo -box`: the page count and each box as poppler prints it, "left bottom right top" in points. */
async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run("pdfinfo", ["-box", file]);
  return Object.fromEntries(
    stdout
      .split("\n")
      .map((line) => /^(\w+):\s+(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!.trim().replace(/\s+/g, " ")]),
  );
}

type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every word on the page with its box (points from the top left), as `pdftotext -bbox` finds them, in its order. */
async function words(file: string): Promise<Word[]> {
  const { stdout } = await run("pdftotext", ["-bbox", file, "-"], { maxBuffer: 64 * 1024 * 1024 });
  return [
    ...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text!.replace(/&(amp|lt|gt|quot|apos);|&#(\d+);/g, (_, name: string, code: string) =>
      name ? entities[name]! : String.fromCodePoint(Number(code)),
    ),
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}

/** A box made smaller by `across` on its left and right and `along` at its top and bottom. */
const inset = (box: Box, across: number, along = across): Box => ({
  x: box.x + across,
  y: box.y + along,
  width: box.width - 2 * across,
  height: box.height - 2 * along,
});
/** Whether a word lies inside a box; pdftotext rounds its boxes to a thousandth of a point. */
const within = (word: Word, box: Box) =>
  word.xMin >= box.x - 0.01 &&
  word.xMax <= box.x + box.width + 0.01 &&
  word.yMin >= box.y - 0.01 &&
  word.yMax <= box.y + box.height + 0.01;
/** Whether a word's middle is inside a box: which panel it is printed on. */
const on = (word: Word, box: Box) => {
  const x = (word.xMin + word.xMax) / 2;
  const y = (word.yMin + word.yMax) / 2;
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
};
const textOn = (all: Word[], box: Box) =>
  all
    .filter((word) => on(word, box))
    .map((word) => word.text)
    .join(" ");

/** The QR codes that zbar reads in a part of the cover. */
const codesIn = (file: string, box: Box) => qrCodes(fs.readFileSync(file), 1, box);

/** The colour of the rendered page at a point (in points from the top left), as "#rrggbb". */
async function colourAt(file: string, x: number, y: number): Promise<string> {
  const prefix = path.join(dir, `colour-${++made}`);
  await run("pdftoppm", ["-r", "36", "-png", "-singlefile", file, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(y / 2) * info.width + Math.floor(x / 2)) * info.channels;
  return `#${[...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

describe("the print shop's cover", () => {
  it("is one page, the spread with 0.125 in of bleed, its TrimBox and BleedBox set, at every size", async () => {
    // 100 pages on cream: a spine of 0.25 in, 18 pt. The spread is 2 × the trim's width + 18 + 2 × 9 wide.
    const expected: [PrintSize, number, Paper, string, string][] = [
      ["6x9", 100, "cream", "0.00 0.00 900.00 666.00", "9.00 9.00 891.00 657.00"],
      ["a5", 100, "cream", "0.00 0.00 875.06 613.28", "9.00 9.00 866.06 604.28"],
      ["letter", 100, "cream", "0.00 0.00 1260.00 810.00", "9.00 9.00 1251.00 801.00"],
      // 800 pages on white: 1.8016 in, 129.7152 pt.
      ["6x9", 800, "white", "0.00 0.00 1011.72 666.00", "9.00 9.00 1002.72 657.00"],
      // 24 pages on cream: 0.06 in, 4.32 pt.
      ["letter", 24, "cream", "0.00 0.00 1246.32 810.00", "9.00 9.00 1237.32 801.00"],
    ];
    for (const [size, pages, paper, media, trim] of expected) {
      const info = await pdfInfo(await cover({ size, pages, paper }));
      const what = `${size}, ${pages} pages on ${paper}`;
      expect(info.Pages, what).toBe("1");
      expect(info.MediaBox, what).toBe(media);
      expect(info.BleedBox, what).toBe(media);
      expect(info.TrimBox, what).toBe(trim);
    }
  });

  it("embeds every font it uses, and poppler reads it without a complaint", async () => {
    const file = await cover({ pages: 800 });
    const bytes = fs.readFileSync(file);
    const fonts = await pdfFonts(bytes);
    // The title (bold), the description (regular), the storyteller's name and the code's line (italic).
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, "")).sort()).toEqual([
      "NotoSerif-Bold",
      "NotoSerif-Italic",
      "NotoSerif-Regular",
    ]);
    for (const f of fonts) expect(f, f.name).toMatchObject({ embedded: true, unicode: true });
    expect(await popplerErrors(bytes)).toEqual([]);
  });

  it("letters an 800-page spine from top to bottom, and leaves a 24-page spine plain", async () => {
    const wide = await cover({ pages: 800 });
    const spread = coverSpread("6x9", 800, "cream");
    const all = await words(wide);
    const spine = all.filter((word) => on(word, spread.spineBox));
    // One line down the spine, the title from the head and the name toward the foot: each word on its side, all in
    // one column, in reading order from top to bottom.
    expect(spine.map((word) => word.text).join(" ")).toBe(`${BA_LAN.title} ${BA_LAN.storyteller}`);
    const longest = spine.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    expect(longest.yMax - longest.yMin).toBeGreaterThan(2 * (longest.xMax - longest.xMin));
    for (const word of spine) expect(word.xMin, word.text).toBeCloseTo(spine[0]!.xMin, 1);
    expect(spine.map((word) => word.yMin)).toEqual(spine.map((word) => word.yMin).sort((a, b) => a - b));
    for (const word of spine) expect(within(word, inset(spread.spineBox, 0.0625 * INCH, SAFE)), word.text).toBe(true);

    const thin = await cover({ pages: 24 });
    const thinSpine = coverSpread("6x9", 24, "cream").spineBox;
    // The spine is 4.32 pt wide: nothing is printed across it, or on either side of it within a quarter inch.
    expect(textOn(await words(thin), inset(thinSpine, -SAFE, 0))).toBe("");
  });

  it("letters a spine from 0.25 in: 100 pages on cream are lettered, 100 pages on white are not", async () => {
    const cream = coverSpread("6x9", 100, "cream").spineBox;
    expect(textOn(await words(await cover({ pages: 100, paper: "cream" })), cream)).toContain(BA_LAN.title);
    const white = coverSpread("6x9", 100, "white").spineBox;
    expect(textOn(await words(await cover({ pages: 100, paper: "white" })), white)).toBe("");
  });

  it("puts the description on the back, the title and name on the front, Vietnamese as written", async () => {
    const file = await cover({ pages: 24 });
    const spread = coverSpread("6x9", 24, "cream");
    const all = await words(file);
    const back = textOn(all, spread.back);
    expect(back).toContain(BA_LAN.description.replace(/\s+/g, " "));
    expect(textOn(all, spread.front)).toBe(`${BA_LAN.title} ${BA_LAN.storyteller}`);
    for (const word of all) expect(word.text, word.text).toBe(word.text.normalize("NFC"));
    const { stdout } = await run("pdftotext", [file, "-"]);
    expect(stdout).toContain("Quét mã để nghe những câu chuyện này bằng");
    expect(stdout).toContain("Huế");
  });

  it("puts a code on the back, inside its safe area, that opens the share page, only when asked for", async () => {
    const spread = coverSpread("6x9", 100, "cream");
    const safeBack = inset(spread.back, SAFE);
    const withCode = await cover();
    expect(await codesIn(withCode, safeBack)).toEqual([SHARE_URL]);
    expect(textOn(await words(withCode), spread.back)).toContain(
      `Quét mã để nghe những câu chuyện này bằng chính giọng kể của ${BA_LAN.storyteller}`,
    );
    const whole = { x: 0, y: 0, width: spread.width, height: spread.height };
    const english = await cover({ book: { language: "en", storyteller: null } });
    expect(await codesIn(english, safeBack)).toEqual([SHARE_URL]);
    expect(textOn(await words(english), spread.back)).toContain(
      "Scan to hear these stories in the storyteller's own voice",
    );
    // Not asked for, or no lasting link to open: no code and no line.
    for (const file of [await cover({ backCode: false }), await cover({ book: { shareUrl: null } })]) {
      expect(await codesIn(file, whole)).toEqual([]);
      expect(textOn(await words(file), spread.back)).not.toContain("Quét mã");
    }
  });

  it("fills the front to the bleed with the cover picture, and stops it at the spine", async () => {
    const picture = path.join(dir, "cover.jpg");
    // Square: scaled to cover the front, it is wider than the front, and would run over the spine uncut.
    await sharp({ create: { width: 2775, height: 2775, channels: 3, background: "#1f4f46" } })
      .jpeg()
      .toFile(picture);
    const spread = coverSpread("6x9", 800, "cream");
    const file = await cover({ pages: 800, book: { cover: picture } });
    // The front's top right corner, in the bleed, is the picture; the spine beside the fold is not.
    expect(await colourAt(file, spread.width - 2, 2)).toMatch(/^#(1[e-f]|20)(4[e-f]|50)(4[5-7])$/);
    expect(await colourAt(file, spread.front.x - 6, 4)).toBe("#efe7da");
    const { stdout } = await run("pdfimages", ["-list", file]);
    expect(stdout.split("\n").filter((line) => /^\s+1\s/.test(line))).toHaveLength(1);
    // Without a picture, or with one that is not an image, the front is the plain cover's colour.
    const broken = path.join(dir, "broken.jpg");
    fs.writeFileSync(broken, "not a JPEG");
    for (const plain of [await cover({ pages: 800 }), await cover({ pages: 800, book: { cover: broken } })])
      expect(await colourAt(plain, spread.width - 2, 2)).toBe("#efe7da");
  });

  it("keeps hostile text inside its panels: a title of 3,000 characters, control characters, no spaces", async () => {
    const word = "Dòngsông".repeat(60);
    const title = `\u202eTựa\u0000 đề\u0007 ${"rất dài ".repeat(300)}${word}`;
    const storyteller = `Bà\u0008 ${"Nguyễn Thị ".repeat(50)}Lan`;
    const description = `${"Một câu chuyện dài. ".repeat(2000)}\u0000\u001b[31m${word}`;
    for (const size of ["6x9", "a5", "letter"] as const) {
      for (const pages of [800, 100, 24]) {
        const file = await cover({ size, pages, book: { title, storyteller, description } });
        const spread = coverSpread(size, pages, "cream");
        expect((await pdfInfo(file)).Pages).toBe("1");
        const all = await words(file);
        const spine = inset(spread.spineBox, 0.0625 * INCH, SAFE);
        const panels = [inset(spread.back, SAFE), inset(spread.front, SAFE), spine];
        const astray = all.filter((w) => !panels.some((panel) => within(w, panel)));
        expect(astray, `${size}, ${pages} pages`).toEqual([]);
        const text = all.map((w) => w.text).join(" ");
        expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
        // What does not fit ends in an ellipsis: on the front's band, along the spine and on the back.
        expect(textOn(all, spread.front)).toContain("…");
        expect(textOn(all, spread.back)).toMatch(/…/);
        if (pages !== 800) continue;
        // Along the spine, from the head: the title cut short, then the name cut short.
        const spineWords = all.filter((w) => on(w, spread.spineBox)).sort((a, b) => a.yMin - b.yMin);
        expect(spineWords.map((w) => w.text).join(" ")).toMatch(/^Tựa đề rất dài .*… Bà Nguyễn Thị .*…$/);
      }
    }
  });
});
