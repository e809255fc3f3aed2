import crypto from "node:crypto";
import { and, eq, isNotNull, or } from "drizzle-orm";
import { db, type Tx } from "~db/client.server";
import { books, media, stories, users, type User } from "~db/schema";
import { AppError } from "~/lib/errors";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import { logActivity } from "./activity.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "./media.server";

export const ADMIN_USERNAME = "admin";

/** What any client may see of a user: never the hash. */
export type PublicUser = {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  isAdmin: boolean;
  firstLoginAt: Date | null;
  lastLoginAt: Date | null;
};

export function isAdmin(user: Pick<User, "username">): boolean {
  return user.username === ADMIN_USERNAME;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    isAdmin: isAdmin(user),
    firstLoginAt: user.firstLoginAt,
    lastLoginAt: user.lastLoginAt,
  };
}

const normalise = (value: string) => value.trim().toLowerCase();

export function getUserById(id: number): User | null {
  return db().select().from(users).where(eq(users.id, id)).get() ?? null;
}

/** Username or email, case-insensitively; then the password, in constant work either way. */
export async function verifyLogin({ login, password }: { login: string; password: string }): Promise<User | null> {
  const key = normalise(login);
  const user = db()
    .select()
    .from(users)
    .where(or(eq(users.username, key), eq(users.email, key)))
    .get();
  const ok = await verifyPassword(user?.passwordHash, password);
  return ok && user ? user : null;
}

export function recordLogin(userId: number): User {
  const now = new Date();
  return db().transaction((tx) => {
    const current = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!current) throw new AppError(404, "errors.notFound");
    const updated = tx
      .update(users)
      .set({ lastLoginAt: now, firstLoginAt: current.firstLoginAt ?? now })
      .where(eq(users.id, userId))
      .returning()
      .get();
    logActivity(tx, { userId, action: "login", resource: "session" });
    return updated;
  });
}

export type NewUser = { username: string; email: string; password: string; displayName?: string | null };

function assertUnique(tx: Tx, fields: { username?: string; email?: string }, exceptId?: number) {
  if (fields.username) {
    const taken = tx.select({ id: users.id }).from(users).where(eq(users.username, fields.username)).get();
    if (taken && taken.id !== exceptId) throw new AppError(409, "users.usernameTaken", "username");
  }
  if (fields.email) {
    const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, fields.email)).get();
    if (taken && taken.id !== exceptId) throw new AppError(409, "users.emailTaken", "email");
  }
}

export async function createUser(input: NewUser, actorId?: number): Promise<User> {
  const username = normalise(input.username);
  const email = normalise(input.email);
  const passwordHash = await hashPassword(input.password);
  return db().transaction((tx) => {
    assertUnique(tx, { username, email });
    const user = tx
      .insert(users)
      .values({ username, email, passwordHash, displayName: input.displayName?.trim() || null })
      .returning()
      .get();
    logActivity(tx, { userId: actorId ?? user.id, action: "create", resource: "user", details: { id: user.id, username } });
    return user;
  });
}

export type UserChanges = {
  username?: string;
  email?: string;
  displayName?: string | null;
  password?: string;
};

/** Applies only the fields given; a blank password is never one of them. */
export async function updateUser(userId: number, changes: UserChanges, actorId: number): Promise<User> {
  const username = changes.username === undefined ? undefined : normalise(changes.username);
  const email = changes.email === undefined ? undefined : normalise(changes.email);
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  return db().transaction((tx) => {
    const current = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!current) throw new AppError(404, "errors.notFound");
    // The administrator is recognised by its name, so that name cannot be given away or taken.
    if (username !== undefined && (username === ADMIN_USERNAME) !== isAdmin(current)) {
      throw new AppError(409, "users.usernameTaken", "username");
    }
    assertUnique(tx, { username, email }, userId);
    const set: Partial<User> = {};
    if (username !== undefined) set.username = username;
    if (email !== undefined) set.email = email;
    if (changes.displayName !== undefined) set.displayName = changes.displayName?.trim() || null;
    if (passwordHash) set.passwordHash = passwordHash;
    const updated = tx.update(users).set(set).where(eq(users.id, userId)).returning().get();
    logActivity(tx, {
      userId: actorId,
      action: "update",
      resource: "user",
      details: { id: userId, fields: Object.keys(set).map((k) => (k === "passwordHash" ? "password" : k)) },
    });
    return updated;
  });
}

/**
 * Deletes a user and, by cascade, their sessions, activities, books, topics, questions, stories and
 * media rows; then the files of their media and of their uploaded covers. The files go after the
 * commit, so a refused or failed delete leaves every file in place.
 */
export async function deleteUser(userId: number, actorId: number): Promise<void> {
  const { mediaKeys, covers } = db().transaction((tx) => {
    const current = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!current) throw new AppError(404, "errors.notFound");
    if (isAdmin(current)) throw new AppError(403, "users.cannotDeleteAdmin");
    const mediaKeys = tx
      .select({ key: media.storageKey })
      .from(media)
      .innerJoin(stories, eq(stories.id, media.storyId))
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(eq(books.userId, userId))
      .all()
      .map((row) => row.key);
    const covers = tx
      .selectDistinct({ cover: books.coverImage })
      .from(books)
      .where(and(eq(books.userId, userId), isNotNull(books.coverImage)))
      .all()
      .map((row) => row.cover!);
    tx.delete(users).where(eq(users.id, userId)).run();
    if (actorId !== userId) {
      logActivity(tx, { userId: actorId, action: "delete", resource: "user", details: { id: userId, username: current.username } });
    }
    return { mediaKeys, covers };
  });
  await deleteMediaFiles(mediaKeys);
  // A cover may be shared with another user's copy of a book: deleteCoverIfUnused keeps it then.
  for (const cover of covers) await deleteCoverIfUnused(cover);
}

/**
 * Creates the administrator on first start. Returns the generated password when none was given,
 * so the caller can print it once; null when the account already existed.
 */
export async function ensureAdmin(password?: string): Promise<{ password: string; generated: boolean } | null> {
  const existing = db().select({ id: users.id }).from(users).where(eq(users.username, ADMIN_USERNAME)).get();
  if (existing) return null;
  const chosen = password ?? crypto.randomBytes(12).toString("base64url");
  await createUser({ username: ADMIN_USERNAME, email: "admin@heirloom.local", password: chosen, displayName: "Administrator" });
  return { password: chosen, generated: !password };
}


export type ProfileChanges = {
  displayName?: string;
  email?: string;
  currentPassword?: string;
  newPassword?: string;
};

/**
 * A user's own changes: only what differs is written, and a new password needs the current one.
 * Returns null when nothing changed.
 */
export async function updateProfile(user: User, changes: ProfileChanges): Promise<User | null> {
  const next: UserChanges = {};
  if (changes.displayName !== undefined && (changes.displayName.trim() || null) !== user.displayName) {
    next.displayName = changes.displayName;
  }
  if (changes.email !== undefined && normalise(changes.email) !== user.email) next.email = changes.email;
  if (changes.newPassword) {
    if (!changes.currentPassword) throw new AppError(400, "profile.currentRequired", "currentPassword");
    if (!(await verifyPassword(user.passwordHash, changes.currentPassword))) {
      throw new AppError(400, "profile.currentWrong", "currentPassword");
    }
    next.password = changes.newPassword;
  }
  if (Object.keys(next).length === 0) return null;
  return updateUser(user.id, next, user.id);
}
