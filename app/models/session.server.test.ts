import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, transaction } from "~db/client.server";
import { sessions } from "~db/schema";
import { createSession, deleteSession, endUserSessions, getSessionUser, purgeExpiredSessions } from "./session.server";
import { createUser, deleteUser } from "./user.server";

describe("sessions", () => {
  it("stores only a hash of the token and finds the user by the token", async () => {
    const user = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const token = await createSession({ userId: user.id, persistent: false });
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect((await getSessionUser(token))?.id).toBe(user.id);
    expect(await getSessionUser(`${token}x`)).toBeNull();
  });

  it("forgets a deleted or expired session", async () => {
    const user = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const a = await createSession({ userId: user.id, persistent: true });
    const b = await createSession({ userId: user.id, persistent: false });
    await deleteSession(a);
    expect(await getSessionUser(a)).toBeNull();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await getSessionUser(b)).toBeNull();
    expect(await purgeExpiredSessions()).toBeGreaterThan(0);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("goes away with the user", async () => {
    const user = await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    const admin = await createUser({ username: "boss", email: "boss@example.com", password: "secret1" });
    const token = await createSession({ userId: user.id, persistent: false });
    await deleteUser(user.id, admin.id);
    expect(await getSessionUser(token)).toBeNull();
  });

  it("ends all of a user's sessions, or all but one, and no one else's", async () => {
    const user = await createUser({ username: "tam", email: "tam@example.com", password: "secret1" });
    const other = await createUser({ username: "sau", email: "sau@example.com", password: "secret1" });
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(await createSession({ userId: user.id, persistent: false }));
    const [kept, a, b] = tokens;
    const others = await createSession({ userId: other.id, persistent: false });
    expect(await transaction((tx) => endUserSessions(tx, user.id, { except: kept }))).toBe(2);
    const found = await Promise.all([kept, a, b].map(async (t) => (await getSessionUser(t!))?.id ?? null));
    expect(found).toEqual([user.id, null, null]);
    expect(await transaction((tx) => endUserSessions(tx, user.id))).toBe(1);
    expect(await getSessionUser(kept!)).toBeNull();
    expect((await getSessionUser(others))?.id).toBe(other.id);
  });
});
