import { describe, expect, it } from "vitest";
import { createBook } from "./book.server";
import {
  createStorytellerLink,
  listStorytellerLinks,
  openStorytellerLink,
  revokeStorytellerLink,
  changeStorytellerLink,
} from "./storyteller-link.server";
import { createUser } from "./user.server";

const bookOf = async (username: string) => {
  const user = await createUser({ username, email: `${username}@example.com`, password: "secret1" });
  const input = { title: "Sách", description: "", tone: "", language: "vi" as const, coverImage: null };
  return { user, book: await createBook({ userId: user.id, input }) };
};

describe("how a storyteller's page addresses her (issue 35)", () => {
  it("is the owner's to change on a live link of their book, and her page reads the new one", async () => {
    const { user, book } = await bookOf("lan");
    const other = await bookOf("minh");
    const base = { bookId: book.id, userId: user.id, name: "Bà Lan", topicIds: null, expiresAt: null };
    const { token, link } = await createStorytellerLink({ ...base, address: "ba" });
    const changed = await changeStorytellerLink({
      linkId: link.id,
      userId: user.id,
      bookId: book.id,
      changes: { address: "bac" },
    });
    expect(changed).toMatchObject({ bookId: book.id, link: { id: link.id, address: "bac", nextSendAt: null } });
    expect((await listStorytellerLinks({ bookId: book.id, userId: user.id }))?.[0]?.address).toBe("bac");
    const opened = await openStorytellerLink(token);
    expect(opened.state === "open" && opened.link.address).toBe("bac");

    // Someone else, another book of the request, or a revoked link: the same 404, and nothing changes.
    const refused = [
      changeStorytellerLink({ linkId: link.id, userId: other.user.id, changes: { address: "ong" } }),
      changeStorytellerLink({ linkId: link.id, userId: user.id, bookId: other.book.id, changes: { address: "ong" } }),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toMatchObject({ status: 404 });
    await revokeStorytellerLink({ linkId: link.id, userId: user.id });
    await expect(
      changeStorytellerLink({ linkId: link.id, userId: user.id, changes: { address: "ong" } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("a storyteller's weekly question (issue 37)", () => {
  const schedule = { weekdays: [1], time: "08:00", timeZone: "Asia/Ho_Chi_Minh" };
  // Sunday 29 November 2026, 19:00 in Saigon.
  const now = new Date("2026-11-29T12:00:00Z");

  it("is set, paused and resumed by the owner, with its next send worked out in her time zone", async () => {
    const { user, book } = await bookOf("hoa");
    const base = { bookId: book.id, userId: user.id, name: "Bà Hoa", topicIds: null, expiresAt: null };
    const { link } = await createStorytellerLink({ ...base, address: "ba" });
    expect(link).toMatchObject({ email: null, schedule: null, paused: false, nextSendAt: null });
    const which = { linkId: link.id, userId: user.id };

    const set = await changeStorytellerLink({ ...which, now, changes: { email: "hoa@example.com", schedule } });
    expect(set.link).toMatchObject({ email: "hoa@example.com", schedule, paused: false, pausedBy: null });
    expect(set.link.nextSendAt?.toISOString()).toBe("2026-11-30T01:00:00.000Z");
    expect((await listStorytellerLinks({ bookId: book.id, userId: user.id }))?.[0]).toMatchObject({
      email: "hoa@example.com",
      schedule,
      nextSendAt: new Date("2026-11-30T01:00:00.000Z"),
    });

    // Paused: no next send, and the owner paused it. A change of address meanwhile keeps it paused.
    const paused = await changeStorytellerLink({ ...which, now, changes: { paused: true } });
    expect(paused.link).toMatchObject({ paused: true, pausedBy: "owner", nextSendAt: null, schedule });
    const readdressed = await changeStorytellerLink({ ...which, now, changes: { address: "co" } });
    expect(readdressed.link).toMatchObject({ paused: true, nextSendAt: null, address: "co" });

    // Resumed weeks later: the next send after then, not the weeks missed.
    const later = new Date("2027-01-06T00:00:00Z");
    const resumed = await changeStorytellerLink({ ...which, now: later, changes: { paused: false } });
    expect(resumed.link).toMatchObject({ paused: false, pausedBy: null });
    expect(resumed.link.nextSendAt?.toISOString()).toBe("2027-01-11T01:00:00.000Z");

    // No schedule, no email: nothing goes.
    const cleared = await changeStorytellerLink({ ...which, now, changes: { schedule: null, email: null } });
    expect(cleared.link).toMatchObject({ schedule: null, email: null, nextSendAt: null });
  });

  it("sends nothing once the link has expired", async () => {
    const { user, book } = await bookOf("tam");
    const expiresAt = new Date(Date.now() + 3 * 86_400_000);
    const base = { bookId: book.id, userId: user.id, name: "Ông Tám", topicIds: null, expiresAt };
    const { link } = await createStorytellerLink({ ...base, address: "ong" });
    const afterItEnds = new Date(expiresAt.getTime() + 60_000);
    const changed = await changeStorytellerLink({
      linkId: link.id,
      userId: user.id,
      now: afterItEnds,
      changes: { schedule },
    });
    expect(changed.link).toMatchObject({ schedule, nextSendAt: null, expired: true });
  });
});
