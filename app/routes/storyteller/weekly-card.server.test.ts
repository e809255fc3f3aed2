import { describe, expect, it } from "vitest";
import { countQueries } from "~db/client.server";
import { createBook } from "~/models/book.server";
import { addQuestions } from "~/models/question.server";
import { createStorytellerLink, listStorytellerLinks } from "~/models/storyteller-link.server";
import { createTopics } from "~/models/topic.server";
import { createUser } from "~/models/user.server";
import { weeklyCards } from "./weekly-card.server";

// The storyteller dialog's weekly cards (issue 37): the questions each may "ask next" are read once for the links that
// offer the same topics, not once a link.
describe("the weekly cards of a book's links", () => {
  it("ask for the questions once per set of topics offered, however many links offer it", async () => {
    const user = await createUser({ username: "lan", email: "lan@example.com", password: "secret1" });
    const input = { title: "Chuyện nhà", description: "", tone: "", language: "vi" as const, coverImage: null };
    const book = await createBook({ userId: user.id, input });
    const [first, second] = await createTopics({
      bookId: book.id,
      userId: user.id,
      items: [
        { title: "Tuổi thơ", description: "" },
        { title: "Quê hương", description: "" },
      ],
    });
    await addQuestions({ topicId: first!.id, userId: user.id, texts: ["Bà lớn lên ở đâu?"], source: "custom" });
    await addQuestions({ topicId: second!.id, userId: user.id, texts: ["Quê bà ở đâu?"], source: "custom" });
    const link = (name: string, topicIds: number[] | null) =>
      createStorytellerLink({ bookId: book.id, userId: user.id, name, address: "ba", topicIds, expiresAt: null });
    for (const name of ["Bà Lan", "Ông Tư", "Cô Ba", "Chú Năm"]) await link(name, null);
    const only = (await link("Dì Sáu", [second!.id])).link;
    const links = (await listStorytellerLinks({ bookId: book.id, userId: user.id }))!;
    const request = new Request(`http://localhost/books/${book.id}?dialog=storyteller`);
    const { result, count } = await countQueries(() => weeklyCards(book, links, request));
    // SQLite reports its statements; PostgreSQL's are not counted.
    if (!process.env.DATABASE_URL) expect(count).toBe(2);
    for (const each of links.filter((one) => one.id !== only.id))
      expect(result.cards[each.id]!.questions.map((question) => question.text)).toEqual([
        "Bà lớn lên ở đâu?",
        "Quê bà ở đâu?",
      ]);
    expect(result.cards[only.id]!.questions.map((question) => question.text)).toEqual(["Quê bà ở đâu?"]);
  });
});
