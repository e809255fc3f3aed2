import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";

// What the server sends for the workspace, for phones and for browsers without JavaScript (ADR 17).
let server: RunningServer;
let admin: Client;
let workspace: string;
let bookId: number;
let topicId: number;

beforeAll(async () => {
  server = await startServer();
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const book = await (
    await admin.json("POST", "/api/books", { title: "Bà nội kể", description: "", tone: "", language: "vi" })
  ).json();
  const topic = await (
    await admin.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "Làng và sông" })
  ).json();
  // A long story: its editor panel alone is past the 12.8 kB at which React would otherwise stream a
  // Suspense boundary out of place.
  const story = await (
    await admin.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "Con sông",
      content: "Ngày xưa bên sông có cây đa. ".repeat(600),
      status: "draft",
    })
  ).json();
  bookId = book.id;
  topicId = topic.id;
  // The first page this server renders: its writing helpers' code (lazyWhenIdle) is not loaded yet.
  const response = await admin.get(`/books/${book.id}?storyId=${story.id}`);
  expect(response.status).toBe(200);
  workspace = await response.text();
});
afterAll(() => server?.stop());

describe("the workspace page", () => {
  it("sends its panels in place, so that they show without JavaScript", () => {
    expect(workspace.length).toBeGreaterThan(20_000);
    // A boundary moved out of place is sent pending (<!--$?-->) and revealed by an inline script later.
    expect(workspace).not.toContain("<!--$?-->");
    expect(workspace).toContain("<!--$-->");
    const main = workspace.slice(workspace.indexOf('id="main"'), workspace.indexOf("</main>"));
    expect(main).toContain("Ngày xưa bên sông có cây đa.");
    expect(main).toContain("Làng và sông");
  });

  it("preloads the resizable panels for wide screens only", () => {
    const link = /<link rel="modulepreload" href="(\/assets\/resizable-panels-[^"]+\.js)" media="([^"]+)"/.exec(
      workspace,
    );
    expect(link?.[2]).toBe("not all and (max-width: 767px)");
    expect(fs.existsSync(path.resolve(import.meta.dirname, "..", "..", "build", "client", `.${link![1]!}`))).toBe(true);
  });

  it("sends a dialog opened by its address whole and in place, the first time the server renders it", async () => {
    // Each dialog's code is a chunk of its own, loaded on the server the first time a page shows it.
    const dialogs = [
      { query: "dialog=share", text: 'id="dialog-title"' },
      { query: "dialog=storyteller", text: 'id="dialog-title"' },
      { query: "dialog=pdf", text: 'id="dialog-title"' },
      { query: `openEditor=story&topicId=${topicId}&addQuestion=1`, text: 'name="question"' },
    ];
    for (const { query, text } of dialogs) {
      const page = await (await admin.get(`/books/${bookId}?${query}`)).text();
      expect(page, query).not.toContain("<!--$?-->");
      const main = page.slice(page.indexOf('id="main"'), page.indexOf("</main>"));
      expect(main, query).toContain("<dialog");
      expect(main, query).toContain(text);
    }
  });
});
