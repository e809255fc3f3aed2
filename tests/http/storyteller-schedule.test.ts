import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import type { RunningServer } from "../support/server";
import { createClient, serverWithLanAndMinh, type Client } from "../support/http";

// Issue 37, its contract: PUT /api/storyteller-links/{id} takes `{email?, schedule?, paused?}` and answers the link,
// which GET /api/books/{id}/storyteller-links shows too, with `email`, `schedule`, `paused` and `nextSendAt`. Owner
// only: 404 for anyone else. Bad input is a 400 in the user's language, and changes nothing.

let server: RunningServer;
let lan: Client;
let minh: Client;

beforeAll(async () => {
  ({ server, lan, minh } = await serverWithLanAndMinh());
});
afterAll(() => server?.stop());

type Link = {
  id: number;
  address: string;
  email: string | null;
  schedule: { weekdays: number[]; time: string; timeZone: string } | null;
  paused: boolean;
  pausedBy: string | null;
  nextSendAt: string | null;
};

async function lansLink() {
  const made = await lan.json("POST", "/api/books", { title: "Chuyện của bà", language: "vi" });
  const book = (await made.json()) as { id: number };
  const link = (await (
    await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan" })
  ).json()) as Link;
  const put = (client: Client, body: unknown, headers?: Record<string, string>) =>
    client.json("PUT", `/api/storyteller-links/${link.id}`, body, { headers });
  const listed = async () =>
    ((await (await lan.get(`/api/books/${book.id}/storyteller-links`)).json()) as Link[]).find(
      (l) => l.id === link.id,
    )!;
  return { book, link, put, listed };
}

const schedule = { weekdays: [1, 4], time: "09:00", timeZone: "Asia/Ho_Chi_Minh" };

describe("a storyteller link's weekly question, through the api", () => {
  it("takes her email and a schedule, and shows the next send in the list", async () => {
    const { link, put, listed } = await lansLink();
    expect(await listed()).toMatchObject({ email: null, schedule: null, paused: false, nextSendAt: null });
    const before = Date.now();
    const changed = await put(lan, { email: "lan@example.com", schedule: { ...schedule, weekdays: [4, 1, 4] } });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as Link;
    expect(body).toMatchObject({ id: link.id, email: "lan@example.com", schedule, paused: false, address: "ba" });
    // The next Monday or Thursday at 09:00 in Saigon (02:00 UTC), within the coming week.
    const next = new Date(body.nextSendAt!);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime()).toBeLessThanOrEqual(before + 7 * 86_400_000);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([2, 0]);
    expect([1, 4]).toContain(new Date(next.getTime() + 7 * 3_600_000).getUTCDay());
    expect(await listed()).toMatchObject({ email: "lan@example.com", schedule, nextSendAt: body.nextSendAt });
  });

  it("is paused and resumed, and cleared", async () => {
    const { put, listed } = await lansLink();
    await put(lan, { schedule });
    const paused = (await (await put(lan, { paused: true })).json()) as Link;
    expect(paused).toMatchObject({ paused: true, pausedBy: "owner", nextSendAt: null, schedule });
    expect(await listed()).toMatchObject({ paused: true, nextSendAt: null });
    const resumed = (await (await put(lan, { paused: false })).json()) as Link;
    expect(resumed).toMatchObject({ paused: false, pausedBy: null });
    expect(resumed.nextSendAt).not.toBeNull();
    const cleared = (await (await put(lan, { schedule: null, email: "" })).json()) as Link;
    expect(cleared).toMatchObject({ schedule: null, email: null, nextSendAt: null });
  });

  it("refuses bad input in the user's language, changing nothing", async () => {
    const { put, listed } = await lansLink();
    await put(lan, { email: "lan@example.com", schedule });
    const kept = await listed();
    const refusals: [unknown, string, string][] = [
      [{ email: "not an address" }, en.storyteller.emailInvalid, vi.storyteller.emailInvalid],
      [{ schedule: { ...schedule, weekdays: [] } }, en.storyteller.scheduleWeekdays, vi.storyteller.scheduleWeekdays],
      [{ schedule: { ...schedule, weekdays: [7] } }, en.storyteller.scheduleWeekdays, vi.storyteller.scheduleWeekdays],
      [{ schedule: { ...schedule, time: "25:00" } }, en.storyteller.scheduleTime, vi.storyteller.scheduleTime],
      [{ schedule: { ...schedule, time: "9am" } }, en.storyteller.scheduleTime, vi.storyteller.scheduleTime],
      [
        { schedule: { ...schedule, timeZone: "Saigon/Somewhere" } },
        en.storyteller.scheduleTimeZone,
        vi.storyteller.scheduleTimeZone,
      ],
      [{}, en.weekly.nothingToChange, vi.weekly.nothingToChange],
    ];
    for (const [body, english, vietnamese] of refusals) {
      const refused = await put(lan, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(english);
      const inVietnamese = await put(lan, body, { "Accept-Language": "vi" });
      expect(((await inVietnamese.json()) as { message: string }).message).toBe(vietnamese);
    }
    expect(await listed()).toEqual(kept);
  });

  it("is the owner's only", async () => {
    const { put, listed } = await lansLink();
    expect((await put(minh, { schedule })).status).toBe(404);
    expect((await put(createClient(server.url), { schedule })).status).toBe(401);
    expect(await listed()).toMatchObject({ schedule: null, nextSendAt: null });
  });
});
