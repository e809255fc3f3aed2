import { describe, expect, it } from "vitest";
import { createBook } from "./book.server";
import {
  createStorytellerLink,
  listStorytellerLinks,
  openStorytellerLink,
  revokeStorytellerLink,
  setStorytellerAddress,
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
    const changed = await setStorytellerAddress({ linkId: link.id, userId: user.id, bookId: book.id, address: "bac" });
    expect(changed).toEqual({ id: link.id, bookId: book.id, address: "bac" });
    expect((await listStorytellerLinks({ bookId: book.id, userId: user.id }))?.[0]?.address).toBe("bac");
    const opened = await openStorytellerLink(token);
    expect(opened.state === "open" && opened.link.address).toBe("bac");

    // Someone else, another book of the request, or a revoked link: the same 404, and nothing changes.
    const refused = [
      setStorytellerAddress({ linkId: link.id, userId: other.user.id, address: "ong" }),
      setStorytellerAddress({ linkId: link.id, userId: user.id, bookId: other.book.id, address: "ong" }),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toMatchObject({ status: 404 });
    await revokeStorytellerLink({ linkId: link.id, userId: user.id });
    await expect(setStorytellerAddress({ linkId: link.id, userId: user.id, address: "ong" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
