import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { sessions } from "~db/schema";
import { createSession, deleteSession, endUserSessions, getSessionUser, purgeExpiredSessions } from "./session.server";
import { createUser, deleteUser } from "./user.server";

describe("sessions", () => {
  it("stores only a hash of the token and finds the user by the token", async () => {
    const user = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const token = createSession({ userId: user.id, persistent: false });
    const rows = db().select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(getSessionUser(token)?.id).toBe(user.id);
    expect(getSessionUser(`${token}x`)).toBeNull();
  });

  it("forgets a deleted or expired session", async () => {
    const user = await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    const a = createSession({ userId: user.id, persistent: true });
    const b = createSession({ userId: user.id, persistent: false });
    deleteSession(a);
    expect(getSessionUser(a)).toBeNull();
    db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .run();
    expect(getSessionUser(b)).toBeNull();
    expect(purgeExpiredSessions()).toBeGreaterThan(0);
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
  });

  it("goes away with the user", async () => {
    const user = await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    const admin = await createUser({ username: "boss", email: "boss@example.com", password: "secret1" });
    const token = createSession({ userId: user.id, persistent: false });
    await deleteUser(user.id, admin.id);
    expect(getSessionUser(token)).toBeNull();
  });

  it("ends all of a user's sessions, or all but one, and no one else's", async () => {
    const user = await createUser({ username: "tam", email: "tam@example.com", password: "secret1" });
    const other = await createUser({ username: "sau", email: "sau@example.com", password: "secret1" });
    const [kept, a, b] = [0, 1, 2].map(() => createSession({ userId: user.id, persistent: false }));
    const others = createSession({ userId: other.id, persistent: false });
    expect(db().transaction((tx) => endUserSessions(tx, user.id, { except: kept }))).toBe(2);
    expect([kept, a, b].map((t) => getSessionUser(t!)?.id ?? null)).toEqual([user.id, null, null]);
    expect(db().transaction((tx) => endUserSessions(tx, user.id))).toBe(1);
    expect(getSessionUser(kept!)).toBeNull();
    expect(getSessionUser(others)?.id).toBe(other.id);
  });
});
