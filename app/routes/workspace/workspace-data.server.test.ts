import { describe, expect, it } from "vitest";
import { countQueries } from "~db/client.server";
import { createBook } from "~/models/book.server";
import { addQuestions } from "~/models/question.server";
import { createStory } from "~/models/story.server";
import { createTopics } from "~/models/topic.server";
import { createUser } from "~/models/user.server";
import { workspaceData } from "./workspace-data.server";

async function bookOf(name: string, topicCount: number, storiesPerTopic: number) {
  const user = await createUser({ username: name, email: `${name}@example.com`, password: "secret1" });
  const book = await createBook({
    userId: user.id,
    input: { title: `${name}'s book`, description: "", tone: "", language: "vi", coverImage: null },
  });
  const topics = await createTopics({
    bookId: book.id,
    userId: user.id,
    items: Array.from({ length: topicCount }, (_, i) => ({ title: `Topic ${i}`, description: "" })),
  });
  for (const topic of topics) {
    await addQuestions({
      topicId: topic.id,
      userId: user.id,
      texts: ["Who was there?", "What did it smell like?"],
      source: "custom",
    });
    for (let s = 0; s < storiesPerTopic; s++) {
      await createStory({
        topicId: topic.id,
        userId: user.id,
        input: { title: `Story ${s}`, content: "Text", status: "published" },
      });
    }
  }
  return { user, book, topics };
}

const request = (url: string) => new Request(url, { headers: { Cookie: "workspace_layout=25.0-40.0-35.0" } });

describe("the workspace's data", () => {
  it("takes the same small number of queries for a book of 30 topics and 600 stories as for a tiny one", async () => {
    const small = await bookOf("nho", 2, 1);
    const large = await bookOf("lon", 30, 20);
    for (const path of ["", "?openEditor=story&topicId=TOPIC&questionId=1", "?openEditor=topic&topicId=TOPIC"]) {
      const run = ({ user, book, topics }: Awaited<ReturnType<typeof bookOf>>) =>
        countQueries(() =>
          workspaceData(
            request(`http://localhost/books/${book.id}${path.replace("TOPIC", String(topics[1]!.id))}`),
            user,
            book,
          ),
        );
      const a = await run(small);
      const b = await run(large);
      expect(b.result.stories).toHaveLength(600);
      expect(b.result.topics).toHaveLength(30);
      expect(b.count).toBe(a.count);
      expect(b.count).toBeLessThanOrEqual(8);
    }
  });
});
