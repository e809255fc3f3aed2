import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { books, media, stories, topics, users } from "~db/schema";
import { UPLOADED_COVER_PREFIX } from "~/lib/covers";
import { env } from "~/platform/env.server";
import { AppError } from "~/lib/errors";
import { hashPassword } from "~/platform/password.server";
import { createSession, getSessionUser } from "./session.server";
import { listActivities } from "./activity.server";
import {
  createUser,
  deleteUser,
  ensureAdmin,
  findUsersByLogin,
  getUserById,
  recordLogin,
  toPublicUser,
  updateProfile,
  updateUser,
  verifyLogin,
} from "./user.server";

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
    await expect(createUser({ username: "HOA", email: "x@example.com", password: "secret1" })).rejects.toMatchObject({
      status: 409,
      field: "username",
    });
    await expect(createUser({ username: "hoa2", email: "HOA@example.com", password: "secret1" })).rejects.toMatchObject(
      { status: 409, field: "email" },
    );
  });

  it("records the first and the last login", async () => {
    const user = await createUser({ username: "tuan", email: "tuan@example.com", password: "secret1" });
    expect(user.firstLoginAt).toBeNull();
    const first = await recordLogin(user.id);
    await new Promise((r) => setTimeout(r, 5));
    const second = await recordLogin(user.id);
    expect(second.firstLoginAt?.getTime()).toBe(first.firstLoginAt?.getTime());
    expect(second.lastLoginAt!.getTime()).toBeGreaterThan(first.lastLoginAt!.getTime());
    expect((await listActivities({ userId: user.id })).filter((a) => a.action === "login")).toHaveLength(2);
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
    expect(await getUserById(user.id)).toBeNull();
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
    const [book] = await db()
      .insert(books)
      .values([
        { userId: user.id, title: "Mine", coverImage: `${UPLOADED_COVER_PREFIX}${own}` },
        { userId: user.id, title: "Copied", coverImage: `${UPLOADED_COVER_PREFIX}${shared}` },
        { userId: other.id, title: "Also copied", coverImage: `${UPLOADED_COVER_PREFIX}${shared}` },
      ])
      .returning();
    const [topic] = await db().insert(topics).values({ bookId: book!.id, title: "Childhood" }).returning();
    const [story] = await db()
      .insert(stories)
      .values({ bookId: book!.id, topicId: topic!.id, title: "The river", content: "…" })
      .returning();
    const [photo, recording] = [key(0), key(1)];
    const keys = [`${photo}.webp`, recording];
    // A photo is kept with its thumbnail; both go.
    const stored = [...keys, `${photo}.thumb.webp`];
    for (const name of stored) fs.writeFileSync(path.join(files, name), "bytes");
    await db()
      .insert(media)
      .values(
        keys.map((k, i) => ({
          storyId: story!.id,
          type: i ? ("audio" as const) : ("image" as const),
          storageKey: k,
          mimeType: "x/y",
        })),
      );
    const token = await createSession({ userId: user.id, persistent: false });

    await deleteUser(user.id, admin.id);
    for (const name of stored) expect(fs.existsSync(path.join(files, name))).toBe(false);
    expect(fs.existsSync(path.join(covers, `${own}.webp`))).toBe(false);
    // Another user's book still shows the shared cover.
    expect(fs.existsSync(path.join(covers, `${shared}.webp`))).toBe(true);
    expect(await getSessionUser(token)).toBeNull();
    expect(await db().select().from(books).where(eq(books.userId, user.id))).toEqual([]);
    expect(await db().select().from(topics).where(eq(topics.id, topic!.id))).toEqual([]);
    expect(await db().select().from(stories).where(eq(stories.id, story!.id))).toEqual([]);
    expect(await db().select().from(media).where(eq(media.storyId, story!.id))).toEqual([]);
    expect((await listActivities({ userId: admin.id }))[0]).toMatchObject({
      action: "delete",
      resource: "user",
      details: { id: user.id, username: "tam" },
    });
  });

  describe("profile", () => {
    it("writes only what changed and returns null when nothing did", async () => {
      const user = await createUser({
        username: "an",
        email: "an@example.com",
        password: "secret1",
        displayName: "An",
      });
      expect(await updateProfile(user, { displayName: "An", email: "AN@example.com" })).toBeNull();
      const updated = await updateProfile(user, { displayName: "Bà An" });
      expect(updated?.displayName).toBe("Bà An");
      expect((await listActivities({ userId: user.id }))[0]?.details).toMatchObject({ fields: ["displayName"] });
    });

    it("needs the right current password for a new one", async () => {
      const user = await createUser({ username: "binh", email: "binh@example.com", password: "secret1" });
      await expect(updateProfile(user, { newPassword: "another1" })).rejects.toMatchObject({
        messageKey: "profile.currentRequired",
      });
      await expect(updateProfile(user, { newPassword: "another1", currentPassword: "nope!!" })).rejects.toMatchObject({
        messageKey: "profile.currentWrong",
      });
      await updateProfile(user, { newPassword: "another1", currentPassword: "secret1" });
      expect(await verifyLogin({ login: "binh", password: "another1" })).not.toBeNull();
    });

    it("needs the right current password for a new email, which is a name to sign in with", async () => {
      const user = await createUser({ username: "chau", email: "chau@example.com", password: "secret1" });
      await expect(updateProfile(user, { email: "chau@evil.example" })).rejects.toMatchObject({
        status: 400,
        field: "currentPassword",
        messageKey: "profile.currentRequiredForEmail",
      });
      await expect(
        updateProfile(user, { email: "chau@evil.example", currentPassword: "nope!!" }),
      ).rejects.toMatchObject({ messageKey: "profile.currentWrong" });
      expect(await verifyLogin({ login: "chau@evil.example", password: "secret1" })).toBeNull();
      expect((await updateProfile(user, { email: "chau@family.example", currentPassword: "secret1" }))?.email).toBe(
        "chau@family.example",
      );
      expect(await verifyLogin({ login: "chau@family.example", password: "secret1" })).not.toBeNull();
    });
  });

  // Several deliberately slow password hashes per test: the limit guards against a hang, not a measurement.
  describe("names", { timeout: 60_000 }, () => {
    it("are one namespace: no username may be another user's email, nor the other way round", async () => {
      const owner = await createUser({ username: "ns-owner", email: "ns-owner@example.com", password: "secret1" });
      await expect(
        createUser({ username: "NS-Owner@Example.com", email: "x1@example.com", password: "secret1" }),
      ).rejects.toMatchObject({ status: 409, field: "username", messageKey: "users.usernameTaken" });
      const lookalike = await createUser({
        username: "ns-chi@family.example",
        email: "ns-chi@example.com",
        password: "secret1",
      });
      await expect(
        createUser({ username: "ns-x2", email: "NS-CHI@family.example", password: "secret1" }),
      ).rejects.toMatchObject({ status: 409, field: "email", messageKey: "users.emailTaken" });
      await expect(updateUser(lookalike.id, { username: "ns-owner@example.com" }, owner.id)).rejects.toMatchObject({
        status: 409,
        field: "username",
      });
      await expect(updateUser(owner.id, { email: "ns-chi@family.example" }, owner.id)).rejects.toMatchObject({
        status: 409,
        field: "email",
      });
      await expect(
        updateProfile(owner, { email: "ns-chi@family.example", currentPassword: "secret1" }),
      ).rejects.toMatchObject({
        status: 409,
        field: "email",
      });
      // A user's own username and email may be the same name.
      const self = await createUser({
        username: "ns-self@example.com",
        email: "ns-self@example.com",
        password: "secret1",
      });
      expect(
        (await updateUser(self.id, { username: "NS-SELF@example.com", email: "ns-self@example.com" }, self.id))
          .username,
      ).toBe("ns-self@example.com");
    });

    it("are compared after NFKC and lower case, at creation and at sign-in", async () => {
      const minh = await createUser({ username: "ns-minh", email: "ns-minh@example.com", password: "secret1" });
      await expect(
        createUser({ username: "ＮＳ-ＭＩＮＨ", email: "ns-minh2@example.com", password: "secret1" }),
      ).rejects.toMatchObject({ status: 409 });
      expect((await verifyLogin({ login: "ｎｓ-ｍｉｎｈ", password: "secret1" }))?.id).toBe(minh.id);
      const huong = await createUser({
        username: "ns-Hương".normalize("NFD"),
        email: "ns-huong@example.com",
        password: "secret1",
      });
      expect(huong.username).toBe("ns-hương".normalize("NFC"));
      await expect(
        createUser({ username: "ns-hương", email: "ns-huong2@example.com", password: "secret1" }),
      ).rejects.toMatchObject({ status: 409 });
      expect((await verifyLogin({ login: "NS-HƯƠNG", password: "secret1" }))?.id).toBe(huong.id);
    });

    it("refuse a username with invisible or format characters", async () => {
      await expect(
        createUser({ username: "admin\u200b", email: "ns-zw@example.com", password: "secret1" }),
      ).rejects.toMatchObject({ status: 400, messageKey: "users.usernameInvisible" });
      const user = await createUser({ username: "ns-visible", email: "ns-visible@example.com", password: "secret1" });
      await expect(updateUser(user.id, { username: "ns-vis\u202eible" }, user.id)).rejects.toMatchObject({
        status: 400,
        messageKey: "users.usernameInvisible",
      });
    });

    it("that two users shared before they were one namespace still sign each in with their own password", async () => {
      // Written past the model, as such rows were before this rule.
      const [first, second] = await db()
        .insert(users)
        .values([
          {
            username: "ns-shared@example.com",
            email: "ns-first@example.com",
            passwordHash: await hashPassword("first-pass"),
          },
          { username: "ns-second", email: "ns-shared@example.com", passwordHash: await hashPassword("second-pass") },
        ])
        .returning();
      expect((await findUsersByLogin("NS-Shared@example.com")).map((u) => u.id)).toEqual([first!.id, second!.id]);
      expect((await verifyLogin({ login: "ns-shared@example.com", password: "first-pass" }))?.id).toBe(first!.id);
      expect((await verifyLogin({ login: "ns-shared@example.com", password: "second-pass" }))?.id).toBe(second!.id);
      expect(await verifyLogin({ login: "ns-shared@example.com", password: "neither" })).toBeNull();
    });
  });

  describe("a new password", { timeout: 60_000 }, () => {
    it("set by its owner ends their other sessions and keeps the one that asked", async () => {
      const user = await createUser({ username: "pw-owner", email: "pw-owner@example.com", password: "secret1" });
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) tokens.push(await createSession({ userId: user.id, persistent: false }));
      const [current, other, another] = tokens;
      await updateProfile(user, { newPassword: "secret2", currentPassword: "secret1" }, { sessionToken: current });
      expect((await getSessionUser(current!))?.id).toBe(user.id);
      expect(await getSessionUser(other!)).toBeNull();
      expect(await getSessionUser(another!)).toBeNull();
      expect((await listActivities({ userId: user.id }))[0]).toMatchObject({
        action: "update",
        resource: "user",
        details: { id: user.id, fields: ["password"], endedSessions: 2 },
      });
    });

    it("set by the admin ends every session of the user, and none of the admin's", async () => {
      const admin = (await verifyLogin({ login: "admin", password: "first-password" }))!;
      const adminSession = await createSession({ userId: admin.id, persistent: false });
      const user = await createUser({ username: "pw-reset", email: "pw-reset@example.com", password: "secret1" });
      const sessions: string[] = [];
      for (let i = 0; i < 2; i++) sessions.push(await createSession({ userId: user.id, persistent: true }));
      await updateUser(
        user.id,
        { username: "pw-reset", email: "pw-reset@example.com", password: "secret2" },
        admin.id,
        { keepSessionToken: adminSession },
      );
      for (const token of sessions) expect(await getSessionUser(token)).toBeNull();
      expect((await getSessionUser(adminSession))?.id).toBe(admin.id);
      expect((await listActivities({ userId: admin.id }))[0]).toMatchObject({
        details: { id: user.id, fields: ["username", "email", "password"], endedSessions: 2 },
      });
    });

    it("is the only change that ends sessions", async () => {
      const user = await createUser({ username: "pw-none", email: "pw-none@example.com", password: "secret1" });
      const token = await createSession({ userId: user.id, persistent: false });
      await updateProfile(
        user,
        { displayName: "Someone", email: "pw-none2@example.com", currentPassword: "secret1" },
        { sessionToken: null },
      );
      await updateUser(user.id, { username: "pw-none", email: "pw-none@example.com", displayName: "Other" }, user.id);
      expect((await getSessionUser(token))?.id).toBe(user.id);
    });
  });
});
