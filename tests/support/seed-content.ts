import { transaction } from "~db/client.server";
import { users } from "~db/schema";
import { importRows } from "~/models/import-rows.server";

export type SeedShape = {
  prefix: string;
  users: number;
  booksPerUser: number;
  topicsPerBook: number;
  storiesPerTopic: number;
  mediaPerStory?: number;
  /** Characters of story text. */
  storyChars?: number;
};

/**
 * Users with books, topics, stories and media rows, written straight into the test's database in one
 * transaction with the import's inserts (thousands of rows a second on SQLite; the model functions would hash a
 * password per user and write an activity per row). Timestamps fall one minute apart, newest last.
 */
export async function seedContent(shape: SeedShape) {
  let clock = Date.UTC(2024, 0, 1);
  const tick = () => new Date((clock += 60_000));
  const text = (n: number, seed: string) => `${seed} `.repeat(Math.ceil(n / (seed.length + 1))).slice(0, n);
  const userIds: number[] = [];
  await transaction(async (tx) => {
    const insert = importRows(tx);
    // One row at a time: each takes the next tick of the clock, in the order the loops make them.
    const one = async <R>(rows: (rows: R[]) => Promise<number[]>, row: R) => (await rows([row]))[0]!;
    for (let u = 0; u < shape.users; u++) {
      const at = tick();
      const [user] = await tx
        .insert(users)
        .values({
          username: `${shape.prefix}${u}`,
          email: `${shape.prefix}${u}@example.com`,
          displayName: `${shape.prefix} ${u}`,
          passwordHash: "not-a-hash",
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      userIds.push(userId);
      for (let b = 0; b < shape.booksPerUser; b++) {
        const at = tick();
        const bookId = await one(insert.books, {
          userId,
          title: `${shape.prefix} book ${u}-${b}`,
          description: `About book ${u}-${b}`,
          language: b % 2 ? "en" : "vi",
          createdAt: at,
          updatedAt: at,
        });
        for (let t = 0; t < shape.topicsPerBook; t++) {
          const at = tick();
          const topicId = await one(insert.topics, {
            bookId,
            title: `${shape.prefix} topic ${u}-${b}-${t}`,
            description: "",
            preview: t === 0 ? `The story of topic ${t}` : null,
            position: t,
            createdAt: at,
            updatedAt: at,
          });
          for (let s = 0; s < shape.storiesPerTopic; s++) {
            const at = tick();
            const storyId = await one(insert.stories, {
              topicId,
              bookId,
              title: `${shape.prefix} story ${u}-${b}-${t}-${s}`,
              content: text(shape.storyChars ?? 300, `words${s}`),
              position: s,
              createdAt: at,
              updatedAt: at,
            });
            for (let m = 0; m < (shape.mediaPerStory ?? 0); m++) {
              await one(insert.media, {
                storyId,
                type: m % 2 ? "audio" : "image",
                storageKey: `${shape.prefix}${storyId}x${m}`.padEnd(32, "0"),
                mimeType: m % 2 ? "audio/webm" : "image/webp",
                description: `Photo ${m}`,
                createdAt: tick(),
              });
            }
          }
        }
      }
    }
  });
  return { userIds };
}
