import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../support/server";
import { type Client, serverWithLanAndMinh } from "../support/http";

// Home's "Mark as sent" (issue 37) is the owner's alone: a stranger's form, or one naming nothing, is a 4xx that
// marks nothing; the owner's takes the card off Home.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

// The card's title, after its apostrophe (which the page escapes).
const TITLE = "question for Bà Lan is ready";

async function lansSend() {
  const json = async (path: string, body: unknown) => (await (await lan.json("POST", path, body)).json()) as never;
  const book: { id: number } = await json("/api/books", { title: "Chuyện của bà", language: "vi" });
  const topic: { id: number } = await json(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" });
  await json(`/api/topics/${topic.id}/questions`, { question: "Bà lớn lên ở đâu?" });
  const link: { id: number } = await json(`/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" });
  expect(await json(`/api/storyteller-links/${link.id}/send`, {})).toMatchObject({ channel: "hand" });
  const html = await (await lan.get("/")).text();
  // The newest send comes first.
  const sendId = /name="sendId" value="(\d+)"/.exec(html)?.[1];
  expect(sendId).toBeDefined();
  return sendId!;
}

describe("marking a by-hand send as sent, from Home", () => {
  it("is refused for anyone but the owner and for an id that names nothing, and marks nothing", async () => {
    const sendId = await lansSend();
    const stranger = await minh.form(
      "/?index",
      { intent: "hand-send:sent", sendId },
      { headers: { Accept: "text/html" } },
    );
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("This question is no longer waiting to be sent.");
    for (const odd of ["", "abc", "2147483648", "-1"]) {
      const response = await lan.form("/?index", { intent: "hand-send:sent", sendId: odd });
      expect(response.status, odd).toBeGreaterThanOrEqual(400);
      expect(response.status, odd).toBeLessThan(500);
      await response.body?.cancel();
    }
    expect(await (await lan.get("/")).text()).toContain(TITLE);
  });

  it("takes the card off the owner's Home, with a toast, without JavaScript", async () => {
    const sendId = await lansSend();
    const response = await lan.form("/?index", { intent: "hand-send:sent", sendId });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const home = await (await lan.get("/")).text();
    expect(home).toContain("Marked as sent");
    expect(home).not.toContain(`name="sendId" value="${sendId}"`);
  });
});
