import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { shares } from "~db/schema";
import { hashLinkToken } from "~/platform/link-token.server";
import { createBook } from "./book.server";
import { bookIdForToken, createShare, printLinkFor, revokeShareById } from "./share.server";
import { createUser } from "./user.server";

const bookOf = async (username: string) => {
  const user = await createUser({ username, email: `${username}@example.com`, password: "secret1" });
  const input = { title: "Sách", description: "", tone: "", language: "vi" as const, coverImage: null };
  return { user, book: await createBook({ userId: user.id, input }) };
};

describe("the printed book's share link", () => {
  it("is the newest link that never expires, read back from its seal, and only the book's own", async () => {
    const { user, book } = await bookOf("lan");
    const other = await bookOf("minh");
    expect(await printLinkFor(book.id)).toBeNull();
    const lasting = await createShare({ bookId: book.id, userId: user.id, expiresAt: null });
    await createShare({ bookId: book.id, userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await createShare({ bookId: other.book.id, userId: other.user.id, expiresAt: null });
    const link = await printLinkFor(book.id);
    expect(link).toMatchObject({ shareId: lasting.share.id, token: lasting.token });
    expect(await bookIdForToken(link!.token)).toBe(book.id);
    const row = (await db().select().from(shares).where(eq(shares.id, lasting.share.id)))[0]!;
    // What the database holds opens nothing by itself: a hash, and a seal that is not the token.
    expect(row.tokenHash).toBe(hashLinkToken(lasting.token));
    expect(row.sealedToken).not.toContain(lasting.token);
    const newer = await createShare({ bookId: book.id, userId: user.id, expiresAt: null });
    expect((await printLinkFor(book.id))?.token).toBe(newer.token);
    await revokeShareById({ shareId: newer.share.id, bookId: book.id, userId: user.id });
    expect((await printLinkFor(book.id))?.token).toBe(lasting.token);
  });

  it("passes over links made before tokens were sealed, and seals that another secret made", async () => {
    const { user, book } = await bookOf("an");
    const old = await createShare({ bookId: book.id, userId: user.id, expiresAt: null });
    await db().update(shares).set({ sealedToken: null }).where(eq(shares.id, old.share.id));
    expect(await printLinkFor(book.id)).toBeNull();
    expect(await bookIdForToken(old.token)).toBe(book.id);
    const tampered = await createShare({ bookId: book.id, userId: user.id, expiresAt: null });
    const sealed = (await db().select().from(shares).where(eq(shares.id, tampered.share.id)))[0]!.sealedToken!;
    const flipped = Buffer.from(sealed, "base64url");
    flipped[flipped.length - 1]! ^= 1;
    await db()
      .update(shares)
      .set({ sealedToken: flipped.toString("base64url") })
      .where(eq(shares.id, tampered.share.id));
    expect(await printLinkFor(book.id)).toBeNull();
  });
});
