import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { books, media, stories, topics } from "~db/schema";
import { UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { createSession, getSessionUser } from "./session.server";
import { listActivities } from "./activity.server";
import { createUser, deleteUser, ensureAdmin, getUserById, recordLogin, toPublicUser, updateProfile, updateUser, verifyLogin } from "./user.server";

describe("users", () => {
  it("creates the admin once, with the given password", async () => {
    const first = await ensureAdmin("first-password");
    expect(first).toEqual({ password: "first-password", generated: false });
    expect(await ensureAdmin("other")).toBeNull();
    const admin = await verifyLogin({ login: "admin", password: "first-password" });
    expect(admin && toPublicUser(admin).isAdmin).toBe(true);
  });

  it("stores an argon2id hash, never the password", async () => {
    const user = await createUser({ username: "Lan", email: "Lan@Example.com", password: "secret1" });
    expect(user.username).toBe("lan");
    expect(user.email).toBe("lan@example.com");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(toPublicUser(user))).not.toContain("argon2");
  });

  it("signs in by username or email, case-insensitively, and refuses a wrong password", async () => {
    await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    expect((await verifyLogin({ login: "MINH", password: "secret1" }))?.username).toBe("minh");
    expect((await verifyLogin({ login: "minh@example.com", password: "secret1" }))?.username).toBe("minh");
    expect(await verifyLogin({ login: "minh", password: "wrong!" })).toBeNull();
    expect(await verifyLogin({ login: "nobody", password: "secret1" })).toBeNull();
  });

  it("refuses a duplicate username or email with 409", async () => {
    await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" });
    await expect(createUser({ username: "HOA", email: "x@example.com", password: "secret1" })).rejects.toMatchObject({ status: 409, field: "username" });
    await expect(createUser({ username: "hoa2", email: "HOA@example.com", password: "secret1" })).rejects.toMatchObject({ status: 409, field: "email" });
  });

  it("records the first and the last login", async () => {
    const user = await createUser({ username: "tuan", email: "tuan@example.com", password: "secret1" });
    expect(user.firstLoginAt).toBeNull();
    const first = recordLogin(user.id);
    await new Promise((r) => setTimeout(r, 5));
    const second = recordLogin(user.id);
    expect(second.firstLoginAt?.getTime()).toBe(first.firstLoginAt?.getTime());
    expect(second.lastLoginAt!.getTime()).toBeGreaterThan(first.lastLoginAt!.getTime());
    expect(listActivities({ userId: user.id }).filter((a) => a.action === "login")).toHaveLength(2);
  });

  it("keeps the password when an update leaves it out", async () => {
    const admin = await createUser({ username: "boss", email: "boss@example.com", password: "secret1" });
    const user = await createUser({ username: "mai", email: "mai@example.com", password: "secret1" });
    await updateUser(user.id, { username: "mai", email: "mai2@example.com", displayName: "Mai" }, admin.id);
    expect((await verifyLogin({ login: "mai2@example.com", password: "secret1" }))?.displayName).toBe("Mai");
    await updateUser(user.id, { password: "newsecret" }, admin.id);
    expect(await verifyLogin({ login: "mai", password: "newsecret" })).not.toBeNull();
  });

  it("never lets another account take the admin name", async () => {
    const user = await createUser({ username: "quan", email: "quan@example.com", password: "secret1" });
    await expect(updateUser(user.id, { username: "admin" }, user.id)).rejects.toBeInstanceOf(AppError);
  });

  it("deletes a user but never the admin", async () => {
    const admin = (await verifyLogin({ login: "admin", password: "first-password" }))!;
    const user = await createUser({ username: "duc", email: "duc@example.com", password: "secret1" });
    await deleteUser(user.id, admin.id);
    expect(getUserById(user.id)).toBeNull();
    await expect(deleteUser(admin.id, admin.id)).rejects.toMatchObject({ status: 403 });
    await expect(deleteUser(999_999, admin.id)).rejects.toMatchObject({ status: 404 });
  });

  it("deletes a user's books, topics, stories, media rows, sessions and their files on disk", async () => {
    const admin = (await verifyLogin({ login: "admin", password: "first-password" }))!;
    const user = await createUser({ username: "tam", email: "tam@example.com", password: "secret1" });
    const other = await createUser({ username: "sau", email: "sau@example.com", password: "secret1" });
    const key = (n: number) => crypto.randomBytes(16).toString("hex") + (n ? ".webm" : "");
    const files = path.join(env().dataDir, "media", "files");
    const covers = path.join(env().dataDir, "media", "covers");
    fs.mkdirSync(files, { recursive: true });
    fs.mkdirSync(covers, { recursive: true });
    const [own, shared] = [key(0), key(0)];
    for (const cover of [own, shared]) fs.writeFileSync(path.join(covers, `${cover}.webp`), "cover");
    const [book] = db().insert(books).values([
      { userId: user.id, title: "Mine", coverImage: `${UPLOADED_COVER_PREFIX}${own}` },
      { userId: user.id, title: "Copied", coverImage: `${UPLOADED_COVER_PREFIX}${shared}` },
      { userId: other.id, title: "Also copied", coverImage: `${UPLOADED_COVER_PREFIX}${shared}` },
    ]).returning().all();
    const [topic] = db().insert(topics).values({ bookId: book!.id, title: "Childhood" }).returning().all();
    const [story] = db().insert(stories).values({ bookId: book!.id, topicId: topic!.id, title: "The river", content: "…" }).returning().all();
    const [photo, recording] = [key(0), key(1)];
    const keys = [`${photo}.webp`, recording];
    // A photo is kept with its thumbnail; both go.
    const stored = [...keys, `${photo}.thumb.webp`];
    for (const name of stored) fs.writeFileSync(path.join(files, name), "bytes");
    db().insert(media).values(keys.map((k, i) => ({ storyId: story!.id, type: i ? ("audio" as const) : ("image" as const), storageKey: k, mimeType: "x/y" }))).run();
    const token = createSession({ userId: user.id, persistent: false });

    await deleteUser(user.id, admin.id);
    for (const name of stored) expect(fs.existsSync(path.join(files, name))).toBe(false);
    expect(fs.existsSync(path.join(covers, `${own}.webp`))).toBe(false);
    // Another user's book still shows the shared cover.
    expect(fs.existsSync(path.join(covers, `${shared}.webp`))).toBe(true);
    expect(getSessionUser(token)).toBeNull();
    expect(db().select().from(books).where(eq(books.userId, user.id)).all()).toEqual([]);
    expect(db().select().from(topics).where(eq(topics.id, topic!.id)).all()).toEqual([]);
    expect(db().select().from(stories).where(eq(stories.id, story!.id)).all()).toEqual([]);
    expect(db().select().from(media).where(eq(media.storyId, story!.id)).all()).toEqual([]);
    expect(listActivities({ userId: admin.id })[0]).toMatchObject({ action: "delete", resource: "user", details: { id: user.id, username: "tam" } });
  });

  describe("profile", () => {
    it("writes only what changed and returns null when nothing did", async () => {
      const user = await createUser({ username: "an", email: "an@example.com", password: "secret1", displayName: "An" });
      expect(await updateProfile(user, { displayName: "An", email: "AN@example.com" })).toBeNull();
      const updated = await updateProfile(user, { displayName: "Bà An" });
      expect(updated?.displayName).toBe("Bà An");
      expect(listActivities({ userId: user.id })[0]?.details).toMatchObject({ fields: ["displayName"] });
    });

    it("needs the right current password for a new one", async () => {
      const user = await createUser({ username: "binh", email: "binh@example.com", password: "secret1" });
      await expect(updateProfile(user, { newPassword: "another1" })).rejects.toMatchObject({ messageKey: "profile.currentRequired" });
      await expect(updateProfile(user, { newPassword: "another1", currentPassword: "nope!!" })).rejects.toMatchObject({ messageKey: "profile.currentWrong" });
      await updateProfile(user, { newPassword: "another1", currentPassword: "secret1" });
      expect(await verifyLogin({ login: "binh", password: "another1" })).not.toBeNull();
    });
  });
});
