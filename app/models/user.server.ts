import crypto from "node:crypto";
import { and, eq, isNotNull, ne, or } from "drizzle-orm";
import { db, type Tx, transaction } from "~db/client.server";
import { books, media, stories, users, type User } from "~db/schema";
import { AppError } from "~/lib/errors";
import { hasInvisibleCharacters, nameKey } from "~/lib/names";
import { hashPassword, verifyPassword } from "~/platform/password.server";
import { logActivity } from "./activity.server";
import { deleteCoverIfUnused, deleteMediaFiles } from "./media.server";
import { endUserSessions } from "./session.server";

export const ADMIN_USERNAME = "admin";

/** What any client may see of a user: never the hash. */
type PublicUser = {
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

// Usernames and emails are stored as their name key (NFKC, lower case), and looked up the same way.
const normalise = nameKey;

export async function getUserById(id: number): Promise<User | null> {
  return (await db().select().from(users).where(eq(users.id, id)))[0] ?? null;
}

/**
 * The accounts a sign-in name means, by username or email after normalisation: one, or none. Two only
 * when one user's username is another's email, which names created before they became one namespace
 * may still be (startup reports them); the password then decides.
 */
export async function findUsersByLogin(login: string): Promise<User[]> {
  const key = normalise(login);
  if (!key) return [];
  return await db()
    .select()
    .from(users)
    .where(or(eq(users.username, key), eq(users.email, key)))
    .orderBy(users.id)
    .limit(2);
}

/** The candidate whose password this is, or null; with no candidate it still spends the same work. */
export async function checkPassword(candidates: User[], password: string): Promise<User | null> {
  if (candidates.length === 0) {
    await verifyPassword(undefined, password);
    return null;
  }
  for (const user of candidates) if (await verifyPassword(user.passwordHash, password)) return user;
  return null;
}

/** Username or email, case-insensitively after NFKC; then the password, in constant work either way. */
export async function verifyLogin({ login, password }: { login: string; password: string }): Promise<User | null> {
  return checkPassword(await findUsersByLogin(login), password);
}

export async function recordLogin(userId: number): Promise<User> {
  const now = new Date();
  return transaction(async (tx) => {
    const current = (await tx.select().from(users).where(eq(users.id, userId)))[0];
    if (!current) throw new AppError(404, "errors.notFound");
    const updated = (
      await tx
        .update(users)
        .set({ lastLoginAt: now, firstLoginAt: current.firstLoginAt ?? now })
        .where(eq(users.id, userId))
        .returning()
    )[0]!;
    await logActivity(tx, { userId, action: "login", resource: "session" });
    return updated;
  });
}

export type NewUser = { username: string; email: string; password: string; displayName?: string | null };

/** Whether another user already signs in with `name`, as a username or as an email. */
async function nameTaken(tx: Tx, name: string, exceptId: number | undefined): Promise<boolean> {
  const byName = or(eq(users.username, name), eq(users.email, name));
  const where = exceptId === undefined ? byName : and(byName, ne(users.id, exceptId));
  return (await tx.select({ id: users.id }).from(users).where(where).limit(1))[0] !== undefined;
}

/**
 * Usernames and emails are one namespace: a new username may be no one else's username or email, and
 * a new email likewise; else one user's name would stop the other from signing in with theirs.
 */
async function assertUnique(tx: Tx, fields: { username?: string; email?: string }, exceptId?: number) {
  if (fields.username && (await nameTaken(tx, fields.username, exceptId)))
    throw new AppError(409, "users.usernameTaken", "username");
  if (fields.email && (await nameTaken(tx, fields.email, exceptId)))
    throw new AppError(409, "users.emailTaken", "email");
}

/** The forms refuse these too; the model does, for every other caller. */
function assertVisible(username: string | undefined) {
  if (username !== undefined && hasInvisibleCharacters(username))
    throw new AppError(400, "users.usernameInvisible", "username");
}

export async function createUser(input: NewUser, actorId?: number): Promise<User> {
  assertVisible(input.username);
  const username = normalise(input.username);
  const email = normalise(input.email);
  const passwordHash = await hashPassword(input.password);
  return transaction(async (tx) => {
    await assertUnique(tx, { username, email });
    const user = (
      await tx
        .insert(users)
        .values({ username, email, passwordHash, displayName: input.displayName?.trim() || null })
        .returning()
    )[0]!;
    await logActivity(tx, {
      userId: actorId ?? user.id,
      action: "create",
      resource: "user",
      details: { id: user.id, username },
    });
    return user;
  });
}

export type UserChanges = {
  username?: string;
  email?: string;
  displayName?: string | null;
  password?: string;
};

/**
 * Applies only the fields given; a blank password is never one of them. A new password ends the user's
 * sessions in the same transaction, all but `keepSessionToken`: the actor's own session, passed when
 * the actor may be the user (a password changed by its owner keeps the browser that changed it; one
 * reset by the admin signs the user out everywhere, since the admin's token is none of theirs).
 */
export async function updateUser(
  userId: number,
  changes: UserChanges,
  actorId: number,
  { keepSessionToken }: { keepSessionToken?: string | null } = {},
): Promise<User> {
  assertVisible(changes.username);
  const username = changes.username === undefined ? undefined : normalise(changes.username);
  const email = changes.email === undefined ? undefined : normalise(changes.email);
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  return transaction(async (tx) => {
    const current = (await tx.select().from(users).where(eq(users.id, userId)))[0];
    if (!current) throw new AppError(404, "errors.notFound");
    // The administrator is recognised by its name, so that name cannot be given away or taken.
    if (username !== undefined && (username === ADMIN_USERNAME) !== isAdmin(current)) {
      throw new AppError(409, "users.usernameTaken", "username");
    }
    await assertUnique(tx, { username, email }, userId);
    const set: Partial<User> = {};
    if (username !== undefined) set.username = username;
    if (email !== undefined) set.email = email;
    if (changes.displayName !== undefined) set.displayName = changes.displayName?.trim() || null;
    if (passwordHash) set.passwordHash = passwordHash;
    const updated = (await tx.update(users).set(set).where(eq(users.id, userId)).returning())[0]!;
    const endedSessions = passwordHash ? await endUserSessions(tx, userId, { except: keepSessionToken }) : 0;
    await logActivity(tx, {
      userId: actorId,
      action: "update",
      resource: "user",
      details: {
        id: userId,
        fields: Object.keys(set).map((k) => (k === "passwordHash" ? "password" : k)),
        ...(passwordHash ? { endedSessions } : {}),
      },
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
  const { mediaKeys, covers } = await transaction(async (tx) => {
    const current = (await tx.select().from(users).where(eq(users.id, userId)))[0];
    if (!current) throw new AppError(404, "errors.notFound");
    if (isAdmin(current)) throw new AppError(403, "users.cannotDeleteAdmin");
    const mediaKeys = (
      await tx
        .select({ key: media.storageKey })
        .from(media)
        .innerJoin(stories, eq(stories.id, media.storyId))
        .innerJoin(books, eq(books.id, stories.bookId))
        .where(eq(books.userId, userId))
    ).map((row) => row.key);
    const covers = (
      await tx
        .selectDistinct({ cover: books.coverImage })
        .from(books)
        .where(and(eq(books.userId, userId), isNotNull(books.coverImage)))
    ).map((row) => row.cover!);
    await tx.delete(users).where(eq(users.id, userId));
    if (actorId !== userId) {
      await logActivity(tx, {
        userId: actorId,
        action: "delete",
        resource: "user",
        details: { id: userId, username: current.username },
      });
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
  const existing = (await db().select({ id: users.id }).from(users).where(eq(users.username, ADMIN_USERNAME)))[0];
  if (existing) return null;
  const chosen = password ?? crypto.randomBytes(12).toString("base64url");
  await createUser({
    username: ADMIN_USERNAME,
    email: "admin@heirloom.local",
    password: chosen,
    displayName: "Administrator",
  });
  return { password: chosen, generated: !password };
}

export type ProfileChanges = {
  displayName?: string;
  email?: string;
  currentPassword?: string;
  newPassword?: string;
};

/**
 * A user's own changes: only what differs is written. A new email or a new password needs the current
 * password: the email is a name to sign in with, and a session left open on a shared computer must not be
 * enough to take the account. A new password ends the user's other sessions and keeps `sessionToken`, the
 * one that asked. Returns null when nothing changed.
 */
export async function updateProfile(
  user: User,
  changes: ProfileChanges,
  { sessionToken }: { sessionToken?: string | null } = {},
): Promise<User | null> {
  const next: UserChanges = {};
  if (changes.displayName !== undefined && (changes.displayName.trim() || null) !== user.displayName) {
    next.displayName = changes.displayName;
  }
  if (changes.email !== undefined && normalise(changes.email) !== user.email) next.email = changes.email;
  if (changes.newPassword || next.email !== undefined) {
    if (!changes.currentPassword) {
      const key = changes.newPassword ? "profile.currentRequired" : "profile.currentRequiredForEmail";
      throw new AppError(400, key, "currentPassword");
    }
    if (!(await verifyPassword(user.passwordHash, changes.currentPassword))) {
      throw new AppError(400, "profile.currentWrong", "currentPassword");
    }
  }
  if (changes.newPassword) next.password = changes.newPassword;
  if (Object.keys(next).length === 0) return null;
  return updateUser(user.id, next, user.id, { keepSessionToken: sessionToken });
}

/** Whether the user is emailed about a storyteller's new answers and quiet weeks (issue 37 §3; Profile). */
export async function setAnswerEmails({ userId, on }: { userId: number; on: boolean }): Promise<void> {
  await transaction(async (tx) => {
    await tx.update(users).set({ answerEmails: on }).where(eq(users.id, userId));
    await logActivity(tx, {
      userId,
      action: "update",
      resource: "user",
      details: { id: userId, fields: ["answerEmails"] },
    });
  });
}
