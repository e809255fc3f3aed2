import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webmBytes } from "../support/media-files";
import type { RunningServer } from "../support/server";
import { serverWithLanAndMinh, type Client } from "../support/http";

// The book's download dialog (issue 19) as the server renders it, without JavaScript: the form to the PDF, what it
// says of the voice codes, and the never-expiring link it makes through the share form route.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Share = { id: number; token?: string; expiresAt: string | null };

const post = async (client: Client, path: string, body: unknown) =>
  (await (await client.json("POST", path, body)).json()) as { id: number; token: string };

async function record(storyId: number) {
  const form = new FormData();
  form.append("type", "audio");
  form.append("file", new File([webmBytes(1500)], "voice.webm"));
  expect((await lan.request(`/api/stories/${storyId}/media`, { method: "POST", body: form })).status).toBe(201);
}

/**
 * Lan's book: a completed story with a recording, a draft with one, and a completed recorded story in an archived
 * topic. Only the first will carry a code.
 */
async function lansBook() {
  const book = await post(lan, "/api/books", { title: "Grandma's river", language: "en" });
  const topic = await post(lan, `/api/books/${book.id}/topics`, { title: "Childhood" });
  const archived = await post(lan, `/api/books/${book.id}/topics`, { title: "Old" });
  const told = await post(lan, `/api/topics/${topic.id}/stories`, {
    title: "The river",
    content: "By the river.",
    status: "published",
  });
  const draft = await post(lan, `/api/topics/${topic.id}/stories`, {
    title: "Not yet",
    content: "Later.",
    status: "draft",
  });
  const old = await post(lan, `/api/topics/${archived.id}/stories`, {
    title: "Long ago",
    content: "Once.",
    status: "published",
  });
  for (const story of [told, draft, old]) await record(story.id);
  await lan.json("PUT", `/api/topics/${archived.id}`, { title: "Old", archived: true });
  return book;
}

const dialogPage = async (client: Client, bookId: number) =>
  (await client.get(`/books/${bookId}?dialog=pdf`, { headers: { "Accept-Language": "en" } })).text();
const shares = async (bookId: number) => (await (await lan.get(`/api/books/${bookId}/shares`)).json()) as Share[];

describe("the book's download dialog (GET /books/{id}?dialog=pdf)", () => {
  it("is a GET form to the keepsake page, 6 × 9 in chosen; no codes are printed without a lasting link", async () => {
    const book = await lansBook();
    // A link that expires does not do: a book on a shelf outlives it.
    await post(lan, `/api/books/${book.id}/shares`, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    const page = await dialogPage(lan, book.id);
    const form = /<form ([^>]*action="[^"]*\/keepsake"[^>]*)>([\s\S]*?)<\/form>/.exec(page);
    expect(/action="([^"]+)"/.exec(form![1]!)?.[1]).toBe(`/books/${book.id}/keepsake`);
    expect(form![1]).toContain('method="get"');
    const radios = [...form![2]!.matchAll(/<input [^>]*type="radio"[^>]*>/g)].map((match) => match[0]);
    expect(radios.map((radio) => /value="([^"]+)"/.exec(radio)?.[1])).toEqual(["6x9", "a5", "letter"]);
    expect(radios.map((radio) => /name="([^"]+)"/.exec(radio)?.[1])).toEqual(["size", "size", "size"]);
    expect(radios.map((radio) => radio.includes("checked"))).toEqual([true, false, false]);
    // The size is the only field it sends.
    expect([...form![2]!.matchAll(/name="([^"]+)"/g)].map((match) => match[1])).toEqual(["size", "size", "size"]);
    expect(page).toContain("No voice codes will be printed: the book has no family link that never expires.");
    expect(page).toContain("Create a family link for the codes");
  });

  it("makes a lasting link through the share form route and comes back saying the codes will be printed", async () => {
    const book = await lansBook();
    const made = await lan.form(`/books/${book.id}/shares`, { intent: "create", lifetime: "never", back: "pdf" });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(`/books/${book.id}?dialog=pdf`);
    expect(await shares(book.id)).toEqual([expect.objectContaining({ expiresAt: null })]);

    const page = await dialogPage(lan, book.id);
    expect(page).toMatch(
      /Beside each recorded story, a code opens its recording on the family link made on \d{2}\/\d{2}\/\d{4}\./,
    );
    // The draft and the archived topic's story are not printed, so they get no code.
    expect(page).toContain("1 completed story has a recording.");
    expect(page).not.toContain("Create a family link for the codes");
    // The token never leaves the server here: not in the page, not in the toast the redirect left.
    expect(page).not.toMatch(/\/s\/[A-Za-z0-9_-]{43}/);

    // A link whose token is known: the dialog still shows only its date.
    const { token } = await post(lan, `/api/books/${book.id}/shares`, {});
    expect(await dialogPage(lan, book.id)).not.toContain(token);
  });

  it("comes back to the share dialog by default, and refuses a dialog it does not know", async () => {
    const book = await lansBook();
    const shared = await lan.form(`/books/${book.id}/shares`, { intent: "create", lifetime: "never" });
    expect(shared.headers.get("location")).toBe(`/books/${book.id}?dialog=share`);
    const odd = await lan.form(`/books/${book.id}/shares`, { intent: "create", lifetime: "never", back: "admin" });
    expect(odd.status).toBe(400);
    expect(await shares(book.id)).toHaveLength(1);
  });

  it("shows nothing of another user's book, and makes no link on it", async () => {
    const book = await lansBook();
    await post(lan, `/api/books/${book.id}/shares`, {});
    const foreign = await minh.get(`/books/${book.id}?dialog=pdf`);
    expect(foreign.status).toBe(404);
    const text = await foreign.text();
    expect(text).not.toContain("book.pdf");
    expect(text).not.toContain("Voice codes");
    const refused = await minh.form(`/books/${book.id}/shares`, { intent: "create", lifetime: "never", back: "pdf" });
    expect(refused.status).toBe(404);
    expect(await shares(book.id)).toHaveLength(1);
  });
});
