import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepsakeAnswer } from "../support/book-pdf";
import { type Client, createClient, serverWithLanAndMinh } from "../support/http";
import { pngBytes } from "../support/media-files";
import { openPdf, pageBoxes, pdfFonts, placedImages, popplerErrors, qrCodes } from "../support/pdf";
import type { RunningServer } from "../support/server";
import { unzip } from "../support/zip";

// The print shop's package (issue 38 §2, ADR 0044), checked as a shop checks it: the interior at the trim size with
// 0.125 in of bleed and each page's TrimBox and BleedBox (pdfinfo -box), its fonts embedded (pdffonts), its photos'
// resolution (pdfimages -list); the cover as wide as the interior's pages make its spine on the paper chosen, with the
// share page's code on its back; the README in the book's language; and the owner warned of the soft photos.

let server: RunningServer;
let lan: Client;
let minh: Client;
let book: { id: number; shareUrl: string };

type Id = { id: number };
async function created<T = Id>(client: Client, url: string, data: unknown): Promise<T> {
  const response = await client.json("POST", url, data);
  const text = await response.text();
  expect(response.status, `POST ${url}: ${text.slice(0, 300)}`).toBe(201);
  return JSON.parse(text) as T;
}

async function photo(storyId: number, width: number, height: number, description: string) {
  const form = new FormData();
  form.append("type", "image");
  form.append("description", description);
  form.append("file", new File([await pngBytes(width, height, "#8a6d3b")], "photo.png", { type: "image/png" }));
  const response = await lan.request(`/api/stories/${storyId}/media`, { method: "POST", body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as Id).id;
}

const TRIM = { "6x9": [432, 648], a5: [419.53, 595.28], letter: [612, 792] } as const;
const BLEED = 9;
let softPhoto: number;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
  const made = await created(lan, "/api/books", {
    title: "Chuyện đời bà Lan",
    description: "Những câu chuyện bà kể về làng, về sông và về những người bà thương.",
    language: "vi",
  });
  const topic = await created(lan, `/api/books/${made.id}/topics`, { title: "Tuổi thơ bên sông" });
  const paragraphs = Array.from(
    { length: 30 },
    (_, i) => `Đoạn ${i + 1}: bà kể rằng ngày xưa làng bên sông có bến đò.`,
  );
  const first = await created(lan, `/api/topics/${topic.id}/stories`, {
    title: "Bến đò",
    content: paragraphs.join("\n\n"),
    status: "published",
  });
  const second = await created(lan, `/api/topics/${topic.id}/stories`, {
    title: "Mùa nước nổi",
    content: paragraphs.join("\n\n"),
    status: "published",
  });
  // A photo kept at its web size (1600 px) prints sharp; one of 300 px cannot, however it is placed.
  await photo(first.id, 1600, 1200, "Bến đò năm 1962");
  softPhoto = await photo(second.id, 300, 200, "Ảnh nhỏ của mẹ");
  const share = await created<{ token: string }>(lan, `/api/books/${made.id}/shares`, {});
  book = { id: made.id, shareUrl: `${server.url}/s/${share.token}` };
});
afterAll(() => server?.stop());

async function packageOf(query: string) {
  const response = await keepsakeAnswer(lan, `/api/books/${book.id}/print-package.zip?${query}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(response.status, new TextDecoder().decode(bytes.slice(0, 300))).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
  const files = await unzip(bytes);
  expect([...files.keys()].sort()).toEqual(["README.txt", "cover.pdf", "interior.pdf"]);
  return {
    interior: new Uint8Array(files.get("interior.pdf")!),
    cover: new Uint8Array(files.get("cover.pdf")!),
    readme: files.get("README.txt")!.toString("utf8"),
  };
}

describe("the print shop's package", () => {
  for (const size of ["6x9", "a5", "letter"] as const) {
    it(`in ${size}: every interior page is the trim with its bleed, its fonts embedded, no cover`, {
      timeout: 120_000,
    }, async () => {
      const { interior, cover } = await packageOf(`size=${size}&paper=cream`);
      const [width, height] = TRIM[size];
      const { pages, boxes } = await pageBoxes(interior);
      expect(pages).toBeGreaterThan(4);
      const near = (values: number[], expected: number[]) =>
        expect(values.map((value) => Math.round(value * 100) / 100)).toEqual(
          expected.map((value) => Math.round(value * 100) / 100),
        );
      for (const box of boxes) {
        near(box.media, [0, 0, width + 2 * BLEED, height + 2 * BLEED]);
        near(box.bleed, box.media);
        near(box.trim, [BLEED, BLEED, BLEED + width, BLEED + height]);
      }
      const fonts = await pdfFonts(interior);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
      expect(await popplerErrors(interior)).toEqual([]);
      // The interior opens on its title page: the cover is cover.pdf's.
      const opened = await openPdf(interior);
      expect((await opened.page(1)).text).toContain("Chuyện đời bà Lan");
      await opened.close();
      // The cover's spine is as wide as these pages on cream paper (0.0025 in a page, the count rounded up to even).
      const spine = Math.ceil(pages / 2) * 2 * 0.0025 * 72;
      near((await pageBoxes(cover)).boxes[0]!.media, [0, 0, 2 * width + spine + 2 * BLEED, height + 2 * BLEED]);
      expect((await pdfFonts(cover)).filter((font) => !font.embedded)).toEqual([]);
    });
  }

  it("places each photo at its resolution, and warns the owner of the one below 200 ppi, on its page", {
    timeout: 120_000,
  }, async () => {
    const { interior, cover, readme } = await packageOf("size=6x9&paper=white&code=1");
    const images = await placedImages(interior);
    const sharp = images.find((image) => image.width === 1600)!;
    const soft = images.find((image) => image.width === 300)!;
    expect(Math.min(sharp.xPpi, sharp.yPpi)).toBeGreaterThanOrEqual(200);
    expect(Math.max(soft.xPpi, soft.yPpi)).toBeLessThan(200);
    // The owner's warning, where the download offers the package: that photo, its page and what to do.
    const page = await (
      await lan.get(`/books/${book.id}/keepsake?kind=print&size=6x9&paper=white&code=1&poll=1`)
    ).text();
    expect(page).toContain("<h1>Your book is ready</h1>");
    expect(page).toContain("Photos that may print blurred");
    expect(page).toContain(`src="/api/media/render/id:${softPhoto}?size=thumb"`);
    expect(page).toContain(`alt="The photo on page ${soft.page}"`);
    expect(page).toContain(
      `Page ${soft.page}: this photo will print at ${Math.floor(Math.min(soft.xPpi, soft.yPpi))} ppi.`,
    );
    expect(page).toContain(`href="/api/books/${book.id}/print-package.zip?size=6x9&amp;paper=white&amp;code=1"`);
    // The back cover's code opens the share page.
    expect(await qrCodes(cover, 1)).toEqual([book.shareUrl]);
    // The README, in the book's language, with the page count, the spine and the paper.
    const { pages } = await pageBoxes(interior);
    expect(readme).toContain(String(pages));
    expect(readme).toMatch(/giấy trắng/i);
    expect(readme).toContain("interior.pdf");
    expect(readme).toContain("cover.pdf");
  });

  it("is its owner's and the admin's alone, and refuses a paper it does not know", async () => {
    const url = `/api/books/${book.id}/print-package.zip?size=6x9&paper=cream`;
    expect((await minh.get(url)).status).toBe(404);
    expect((await createClient(server.url).get(url)).status).toBe(401);
    const refused = await lan.get(`/api/books/${book.id}/print-package.zip?paper=glossy`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Please choose the paper: cream or white." });
  });
});
