import { afterAll, beforeAll, describe, expect, it } from "vitest";
import vi from "~/i18n/vi";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// Issue 37 §3: the owner can turn the emails about a storyteller's answers off in Profile, and on again, with one
// plain form and no JavaScript; the choice is the user's own and is kept.
let server: RunningServer;
let lan: Client;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

const answerEmails = async (username: string) =>
  (
    await server.database.query<{ answer_emails: number | boolean }>(
      "select answer_emails from users where username = ?",
      [username],
    )
  ).map((row) => Boolean(row.answer_emails))[0];

describe("the emails about her answers, in Profile", () => {
  it("are on at first, and one button turns them off and on again", async () => {
    const page = createClient(server.url, { "Accept-Language": "vi" }, fetch, lan.jar);
    expect(await answerEmails("lan")).toBe(true);
    const before = await (await page.get("/profile")).text();
    expect(before).toContain(vi.profile.answerEmailsTurnOff);
    const off = await page.form("/profile", { intent: "answerEmails", answerEmails: "off" });
    expect(off.status).toBe(302);
    expect(await answerEmails("lan")).toBe(false);
    const after = await (await page.get("/profile")).text();
    expect(after).toContain(vi.profile.updated);
    expect(after).toContain(vi.profile.answerEmailsOff);
    expect(after).toContain(vi.profile.answerEmailsTurnOn);
    await page.form("/profile", { intent: "answerEmails", answerEmails: "on" });
    expect(await answerEmails("lan")).toBe(true);
    // Minh's choice is his own.
    expect(await answerEmails("minh")).toBe(true);
  });

  it("needs a session", async () => {
    const stranger = await createClient(server.url).form("/profile", { intent: "answerEmails", answerEmails: "off" });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toMatch(/^\/login/);
    expect(await answerEmails("lan")).toBe(true);
  });
});
