import { describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "../tests/support/database-before";

// Issue 36: topics and stories carry their book's owner, so that the library reads a user's newest rows from one
// index. The migration fills the column for the rows kept before it, and triggers keep it right for every row
// written after, whichever code writes it (the app, an import, a script with plain SQL).

const BEFORE = [
  `insert into users (id, username, email, password_hash, created_at, updated_at)
    values (1, 'lan', 'lan@x', 'h', ?, ?), (2, 'minh', 'minh@x', 'h', ?, ?)`,
  "insert into books (id, user_id, title, created_at, updated_at) values (1, 1, 'Sổ của Lan', ?, ?)",
  "insert into books (id, user_id, title, created_at, updated_at) values (2, 2, 'Sổ của Minh', ?, ?)",
  "insert into topics (id, book_id, title, created_at, updated_at) values (1, 1, 'Tuổi thơ', ?, ?)",
  "insert into topics (id, book_id, title, created_at, updated_at) values (2, 2, 'Quê hương', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (1, 1, 1, 'Bà kể', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (2, 2, 2, 'Ông kể', ?, ?)",
];
const AFTER = [
  "insert into topics (id, book_id, title, created_at, updated_at) values (3, 2, 'Chiến tranh', ?, ?)",
  "insert into stories (id, topic_id, book_id, title, created_at, updated_at) values (3, 3, 2, 'Năm 1975', ?, ?)",
];
// A book given to another user takes its topics and stories with it.
const GIVE_BOOK = "update books set user_id = 1 where id = 2";
const OWNERS =
  "select 'topic' as kind, id, user_id from topics union all select 'story', id, user_id from stories order by 1, 2";

const owners = (pairs: [kind: string, id: number, userId: number][]) =>
  pairs.map(([kind, id, userId]) => ({ kind, id, user_id: userId }));

async function checkOwners(database: DatabaseBefore) {
  const read = () => database.rows(OWNERS);
  await database.run(BEFORE);
  await database.migrate();
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 2],
      ["topic", 1, 1],
      ["topic", 2, 2],
    ]),
  );
  await database.run(AFTER);
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 2],
      ["story", 3, 2],
      ["topic", 1, 1],
      ["topic", 2, 2],
      ["topic", 3, 2],
    ]),
  );
  await database.run([GIVE_BOOK]);
  expect(await read()).toEqual(
    owners([
      ["story", 1, 1],
      ["story", 2, 1],
      ["story", 3, 1],
      ["topic", 1, 1],
      ["topic", 2, 1],
      ["topic", 3, 1],
    ]),
  );
}

describe("the owner on topics and stories", () => {
  it.each([
    ["SQLite", "sqlite"],
    ["PostgreSQL", "postgresql"],
  ] as const)(
    "is filled and kept by %s",
    async (_name, engine) => {
      const database = await databaseBefore(engine, "_owner_on_topics_and_stories");
      try {
        await checkOwners(database);
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});
