import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epubcheck, systemFfmpeg, toneFile } from "../../../../tests/support/epub";
import { bookFonts } from "../layout/fonts";
import { longText } from "../../../../tests/support/large-book";
import { webmBytes } from "../../../../tests/support/media-files";
import { unzip } from "../../../../tests/support/zip";
import { sniffAudio } from "~/lib/sniff";
import {
  openSource,
  type SourceBook,
  type SourceChapter,
  type SourceStory,
  type SourceStoryLine,
} from "../keepsake/source";
import { PART_BYTES } from "./chapter-parts";
import { renderEpub } from "./render-epub";

const run = promisify(execFile);
/** A long story, and a thousand of them: 30 million characters, three times what issue 38 asks a book to hold. */
const CHARACTERS = 30_000;
type Language = SourceBook["language"];

const HOSTILE = `<script>alert("x")</script> & 'Co' \u0001\u000b\u001f\u007f\u0085\ud800 </p><p onclick="x">`;
// Typed as a phone's keyboard may send it: decomposed (NFD), the marks after their letters.
const DECOMPOSED = "Ngày xưa bà ở làng ven sông, mỗi sáng đi chợ sớm.".normalize("NFD");
const WORDS = {
  vi: { title: "Chuyện đời Bà", chapters: ["Tuổi thơ", "Đi học"], contents: "Mục lục", recording: "Bản ghi âm: 0:01" },
  en: {
    title: "The life of Grandma",
    chapters: ["Childhood", "School"],
    contents: "Contents",
    recording: "Recording: 0:01",
  },
};
const NO_AUDIO = {
  vi: "Bản ghi âm này chưa đưa được vào sách điện tử.",
  en: "This recording could not be put into the e-book.",
};

let dir: string;
const media: Record<string, string> = {};
const built: Record<Language, { files: Map<string, Buffer>; progress: number[][]; audioDir: string; file: string }> =
  {} as never;

/** A source file as the server writes it: the head, then the chapters and stories, one JSON line each. */
function writeSource(name: string, lines: (SourceBook | SourceChapter | SourceStory)[]): string {
  const file = path.join(dir, name);
  // The server writes a story's text as it was kept; the reading side cuts it into paragraphs (WrittenLine).
  const written = lines.map((line) => {
    if (line.kind !== "story") return line;
    const { paragraphs, ...story } = line;
    return { ...story, text: paragraphs.join("\n\n") };
  });
  fs.writeFileSync(file, written.map((line) => `${JSON.stringify(line)}\n`).join(""));
  return file;
}

/** A book with every kind of photo and recording, hostile text, a broken and a lost recording, in `language`. */
function bookLines(language: Language): (SourceBook | SourceChapter | SourceStory)[] {
  const words = WORDS[language];
  const recording = (mediaId: number, file: string | null, mimeType: string) => ({
    mediaId,
    file,
    mimeType,
    durationMs: 1000,
    line: words.recording,
  });
  const voice = (id: number) => ({ url: `https://heirloom.example/s/token#story-${id}`, line: "Scan" });
  return [
    {
      kind: "book",
      id: 7,
      createdAt: Date.UTC(2026, 0, 2),
      title: `${words.title} ${HOSTILE}`,
      description: `First line ${HOSTILE}\n\nSecond paragraph`,
      language,
      storyteller: `Bà Lan ${HOSTILE}`,
      cover: media.cover!,
      shareUrl: "https://heirloom.example/s/token",
      counts: { chapters: 2, stories: 4, characters: 1000, photos: 3, recordings: 7 },
    },
    { kind: "chapter", title: words.chapters[0]!, description: `A time long ago ${HOSTILE}` },
    {
      kind: "story",
      id: 11,
      title: "Bến đò",
      paragraphs: [DECOMPOSED, "Line one\nLine two"],
      photos: [{ mediaId: 31, file: media.photo!, caption: "Bến đò làng", width: 2000, height: 1500 }],
      recordings: [recording(21, media.webm!, "audio/webm"), recording(22, media.mp3!, "audio/mpeg")],
      voice: voice(11),
    },
    {
      kind: "story",
      id: 12,
      title: HOSTILE,
      paragraphs: [HOSTILE, "Tom & Jerry <b>bold</b> &amp;"],
      photos: [{ mediaId: 32, file: media.small!, caption: HOSTILE, width: 800, height: 600 }],
      recordings: [
        recording(23, media.ogg!, "audio/ogg"),
        recording(24, media.m4a!, "audio/mp4"),
        recording(25, media.wav!, "audio/wav"),
      ],
      voice: voice(12),
    },
    { kind: "chapter", title: words.chapters[1]!, description: "" },
    {
      kind: "story",
      id: 13,
      title: "Trường làng",
      paragraphs: ["Bà đi học."],
      photos: [],
      recordings: [recording(26, media.broken!, "audio/webm"), recording(27, null, "audio/ogg")],
      voice: voice(13),
    },
    {
      kind: "story",
      id: 14,
      title: "",
      paragraphs: ["Không tên."],
      photos: [{ mediaId: 31, file: media.photo!, caption: "", width: 2000, height: 1500 }],
      recordings: [],
      voice: null,
    },
  ];
}

async function build(language: Language, name: string, ffmpeg: string | null, audioDir: string) {
  const file = path.join(dir, `${name}.epub`);
  const progress: number[][] = [];
  const source = await openSource(writeSource(`${name}.jsonl`, bookLines(language)));
  await renderEpub(source, file, {
    fonts: bookFonts(),
    audioDir,
    ffmpeg,
    onProgress: (done, total) => progress.push([done, total]),
  });
  return { files: await unzip(fs.readFileSync(file)), progress, audioDir, file };
}

const text = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString("utf8");
const documents = (files: Map<string, Buffer>) => [...files.keys()].filter((name) => name.endsWith(".xhtml"));
const opf = (files: Map<string, Buffer>) => text(files, "EPUB/package.opf");
/** The manifest's items: href → media type. */
const manifest = (files: Map<string, Buffer>) =>
  new Map(
    [...opf(files).matchAll(/<item id="[^"]+" href="([^"]+)" media-type="([^"]+)"/g)].map(([, href, type]) => [
      href!,
      type!,
    ]),
  );
const audioSources = (xhtml: string) =>
  [...xhtml.matchAll(/<audio controls="controls" src="([^"]+)"/g)].map((m) => m[1]);
const serious = (messages: { severity: string }[]) =>
  messages.filter((message) => ["FATAL", "ERROR", "WARNING"].includes(message.severity));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "epub-"));
  const jpeg = (width: number, height: number, background: string, file: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toFile(path.join(dir, file))
      .then(() => path.join(dir, file));
  media.photo = await jpeg(2000, 1500, "#8a5a44", "photo.jpg");
  media.small = await jpeg(800, 600, "#44658a", "small.jpg");
  media.cover = await jpeg(1600, 2400, "#2f4f4f", "cover.jpg");
  media.webm = await toneFile(path.join(dir, "tone.webm"), "libopus");
  media.ogg = await toneFile(path.join(dir, "tone.ogg"), "libopus");
  media.mp3 = await toneFile(path.join(dir, "tone.mp3"), "libmp3lame");
  media.m4a = await toneFile(path.join(dir, "tone.m4a"), "aac");
  media.wav = await toneFile(path.join(dir, "tone.wav"), "pcm_s16le");
  // A WebM header and filler: what was kept of a recording cut off by a dropped connection.
  media.broken = path.join(dir, "broken.webm");
  fs.writeFileSync(media.broken, webmBytes(4096));
  for (const language of ["vi", "en"] as const)
    built[language] = await build(language, language, systemFfmpeg(), path.join(dir, `audio-${language}`));
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(["vi", "en"] as const)("an e-book in %s with photos and recordings", (language) => {
  it("passes epubcheck with no errors and no warnings", async () => {
    expect(serious(await epubcheck(built[language].file))).toEqual([]);
  }, 60_000);

  it("starts with an uncompressed mimetype, and names its language, title and a stable identifier", () => {
    const { files } = built[language];
    expect([...files.keys()][0]).toBe("mimetype");
    expect(text(files, "mimetype")).toBe("application/epub+zip");
    expect(opf(files)).toContain(`<dc:language>${language}</dc:language>`);
    expect(opf(files)).toContain(`<dc:title>${WORDS[language].title} &lt;script&gt;`);
    expect(opf(files)).toMatch(/<dc:identifier id="book-id">urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
    expect(opf(files)).toMatch(/<meta property="dcterms:modified">\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/meta>/);
    for (const name of documents(files))
      expect(text(files, name)).toContain(`lang="${language}" xml:lang="${language}"`);
  });

  it("has its text composed (NFC), the storyteller's decomposed letters included", () => {
    const { files } = built[language];
    for (const name of documents(files)) expect(text(files, name)).toBe(text(files, name).normalize("NFC"));
    expect(text(files, "EPUB/chapter-1-1.xhtml")).toContain(DECOMPOSED.normalize("NFC"));
  });

  it("has a table of contents by chapter and story, and landmarks that lead to documents of the book", () => {
    const { files } = built[language];
    const nav = text(files, "EPUB/nav.xhtml");
    expect(nav).toContain(`<nav epub:type="toc" id="toc">\n<h1>${WORDS[language].contents}</h1>`);
    for (const title of WORDS[language].chapters) expect(nav).toContain(`>${title}</a>`);
    expect([...nav.matchAll(/#story-(\d+)"/g)].map((m) => m[1])).toEqual(["11", "12", "13", "14"]);
    const landmarks = nav.slice(nav.indexOf('epub:type="landmarks"'));
    const marks = [...landmarks.matchAll(/<a epub:type="(\w+)" href="([^"]+)">/g)].map(([, type, href]) => [
      type,
      href,
    ]);
    expect(marks.map(([type]) => type)).toEqual(["cover", "titlepage", "toc", "bodymatter"]);
    for (const [, href] of marks) expect(files.has(`EPUB/${href}`)).toBe(true);
    expect(opf(files)).toContain('href="images/cover.jpg" media-type="image/jpeg" properties="cover-image"');
  });

  it("holds each recording in a core media type beside its story, converted to AAC where it was not MP3", async () => {
    const { files } = built[language];
    const items = manifest(files);
    const audio = [...items].filter(([href]) => href.startsWith("audio/"));
    // The WebM, the Ogg, the MP4 and the WAV converted, the MP3 as it was; the broken and the lost one left out.
    expect(audio.map(([, type]) => type).sort()).toEqual([...Array(4).fill("audio/mp4"), "audio/mpeg"]);
    const first = text(files, "EPUB/chapter-1-1.xhtml");
    expect(audioSources(first)).toEqual(audio.map(([href]) => href).sort(byMediaId));
    for (const [href, type] of audio) {
      const bytes = files.get(`EPUB/${href}`)!;
      expect(sniffAudio(bytes)).toBe(type);
      if (type === "audio/mp4") {
        const probe = path.join(dir, `probe-${language}.m4a`);
        fs.writeFileSync(probe, bytes);
        const { stderr } = await run(systemFfmpeg(), ["-hide_banner", "-i", probe]).catch((error) => error);
        expect(stderr).toMatch(/Audio: aac \(LC\)/);
      }
    }
    expect(first.match(/<audio [^>]+>([^<]+)<\/audio>/)![1]).toBe(
      language === "vi"
        ? "Ứng dụng đọc sách này chưa phát được bản ghi âm."
        : "This reading app cannot play the recording.",
    );
  });

  it("says so in a line, with the book online, where a recording could not be converted or read", () => {
    const second = text(built[language].files, "EPUB/chapter-2-1.xhtml");
    const story = second.slice(second.indexOf('id="story-13"'), second.indexOf('id="story-14"'));
    expect(audioSources(story)).toEqual([]);
    expect(story.split(NO_AUDIO[language]).length - 1).toBe(2);
    expect(story).toContain('<a href="https://heirloom.example/s/token#story-13">');
  });

  it("escapes the family's text and leaves out what XML cannot hold", () => {
    const { files } = built[language];
    const all =
      documents(files)
        .map((name) => text(files, name))
        .join("") + opf(files);
    expect(all).not.toContain("<script");
    expect(all).not.toContain(`onclick="`);
    expect(all).not.toMatch(/[\u0001\u000b\u001f\u007f\u0085]|[\ud800-\udfff]/);
    const first = text(files, "EPUB/chapter-1-1.xhtml");
    const escaped =
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;  &lt;/p&gt;&lt;p onclick=&quot;x&quot;&gt;";
    expect(first).toContain(`<h2 id="story-12">${escaped}</h2>`);
    expect(first).toContain("<p>Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; &amp;amp;</p>");
    expect(first).toContain("<figcaption>&lt;script&gt;alert(&quot;x&quot;)");
  });

  it("has its photos re-encoded as JPEG for reading devices, each once, with their captions", async () => {
    const { files } = built[language];
    const photos = [...manifest(files)].filter(([href]) => href.startsWith("images/photo-"));
    expect(photos).toEqual([
      ["images/photo-31.jpg", "image/jpeg"],
      ["images/photo-32.jpg", "image/jpeg"],
    ]);
    const sizes = await Promise.all(photos.map(([href]) => sharp(files.get(`EPUB/${href}`)).metadata()));
    expect(sizes.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["jpeg", 1200, 900],
      ["jpeg", 800, 600],
    ]);
    expect(text(files, "EPUB/chapter-1-1.xhtml")).toContain(
      '<figure><img src="images/photo-31.jpg" alt="Bến đò làng"/><figcaption>Bến đò làng</figcaption></figure>',
    );
  });

  it("embeds Noto Serif, declared in its style sheet", () => {
    const { files } = built[language];
    const fonts = bookFonts();
    for (const [weight, name] of [
      ["regular", "Regular"],
      ["bold", "Bold"],
      ["italic", "Italic"],
    ] as const) {
      expect(files.get(`EPUB/fonts/NotoSerif-${name}.ttf`)!.equals(fs.readFileSync(fonts[weight]))).toBe(true);
      expect(manifest(files).get(`fonts/NotoSerif-${name}.ttf`)).toBe("font/ttf");
      expect(text(files, "EPUB/style.css")).toContain(`src: url("fonts/NotoSerif-${name}.ttf") format("truetype")`);
    }
  });

  it("tells its progress after each story", () => {
    expect(built[language].progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });
});

function byMediaId(a: string, b: string): number {
  const id = (href: string) => Number(/recording-(\d+)/.exec(href)![1]);
  return id(a) - id(b);
}

describe("the recordings' cache", () => {
  it("serves a second e-book of the same book without converting anything again", async () => {
    const { audioDir, files: first } = built.vi;
    const snapshot = () =>
      fs
        .readdirSync(audioDir)
        .sort()
        .map((name) => [name, fs.statSync(path.join(audioDir, name)).mtimeMs]);
    const before = snapshot();
    expect(before.map(([name]) => name)).toEqual(["21.m4a", "23.m4a", "24.m4a", "25.m4a"]);
    // Without ffmpeg now: every converted recording can only come from the cache.
    const again = await build("vi", "vi-again", null, audioDir);
    expect(snapshot()).toEqual(before);
    expect([...manifest(again.files)].filter(([href]) => href.startsWith("audio/"))).toEqual(
      [...manifest(first)].filter(([href]) => href.startsWith("audio/")),
    );
    expect(/urn:uuid:[^<]+/.exec(opf(again.files))![0]).toBe(/urn:uuid:[^<]+/.exec(opf(first))![0]);
  });

  it("without ffmpeg or a cached copy, keeps MP3 and MP4 as they are and gives the others the line", async () => {
    const { file, files } = await build("en", "en-no-ffmpeg", null, path.join(dir, "audio-empty"));
    const audio = [...manifest(files)].filter(([href]) => href.startsWith("audio/"));
    expect(audio).toEqual([
      ["audio/recording-22.mp3", "audio/mpeg"],
      ["audio/recording-24.m4a", "audio/mp4"],
    ]);
    expect(files.get("EPUB/audio/recording-24.m4a")!.equals(fs.readFileSync(media.m4a!))).toBe(true);
    const first = text(files, "EPUB/chapter-1-1.xhtml");
    // The WebM, the Ogg and the WAV.
    expect(first.split(NO_AUDIO.en).length - 1).toBe(3);
    expect(serious(await epubcheck(file))).toEqual([]);
  }, 60_000);
});

describe("a book that cannot be made", () => {
  it("fails with the file it could not read, and leaves no work folder behind", async () => {
    const out = fs.mkdtempSync(path.join(dir, "failing-"));
    const source = await openSource(writeSource("failing.jsonl", bookLines("en")));
    const fonts = { ...bookFonts(), bold: path.join(dir, "missing-font.ttf") };
    await expect(
      renderEpub(source, path.join(out, "book.epub"), { fonts, audioDir: path.join(dir, "audio-en"), ffmpeg: null }),
    ).rejects.toThrow(/missing-font\.ttf/);
    expect(fs.readdirSync(out).filter((name) => name.startsWith(".epub-"))).toEqual([]);
  });
});

describe("a book of any length", () => {
  it("renders 1,000 stories of 30,000 characters in one chapter with the heap capped at 64 MB, in parts", async () => {
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#654321" } })
      .jpeg()
      .toFile(path.join(dir, "print-copy.jpg"));
    const stories = 1000;
    const source = fs.createWriteStream(path.join(dir, "long.jsonl"));
    const write = (line: object) =>
      source.write(`${JSON.stringify(line)}\n`)
        ? undefined
        : new Promise<void>((done) => source.once("drain", () => done()));
    await write({
      ...bookLines("vi")[0]!,
      counts: { chapters: 1, stories, characters: stories * CHARACTERS, photos: 50, recordings: 0 },
    });
    await write({ kind: "chapter", title: "Một đời người", description: "" });
    for (let id = 1; id <= stories; id++)
      await write({
        kind: "story",
        id,
        title: `Chuyện thứ ${id}`,
        text: longText(CHARACTERS, `Chuyện ${id}`),
        photos:
          id % 20
            ? []
            : [{ mediaId: id, file: path.join(dir, "print-copy.jpg"), caption: "", width: 1600, height: 1200 }],
        recordings: [],
        voice: null,
      } satisfies SourceStoryLine);
    await new Promise<void>((done) => source.end(() => done()));

    const file = path.join(dir, "long.epub");
    const child = path.resolve(import.meta.dirname, "../../../../tests/support/render-epub-child.ts");
    const args = ["--import", "tsx", "--max-old-space-size=64", child, path.join(dir, "long.jsonl"), file, dir];
    // A book held whole, or a chapter, runs out of heap (V8's "Reached heap limit"), and this rejects with its output.
    await run(process.execPath, args, { cwd: path.resolve(import.meta.dirname, "../../../..") });

    const files = await unzip(fs.readFileSync(file));
    const parts = documents(files).filter((name) => name.startsWith("EPUB/chapter-1-"));
    expect(parts.length).toBeGreaterThan(40);
    for (const name of parts) expect(files.get(name)!.byteLength).toBeLessThan(PART_BYTES + 1000);
    const nav = text(files, "EPUB/nav.xhtml");
    const links = [...nav.matchAll(/<a href="(chapter-1-\d+\.xhtml)#story-(\d+)">/g)];
    expect(links.map(([, , id]) => Number(id))).toEqual(Array.from({ length: stories }, (_, i) => i + 1));
    for (const [, href, id] of links) expect(text(files, `EPUB/${href}`)).toContain(`<h2 id="story-${id}">`);
    expect([...manifest(files).keys()].filter((href) => href.startsWith("images/photo-"))).toHaveLength(50);
  }, 120_000);
});
