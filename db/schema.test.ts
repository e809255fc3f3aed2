import { describe, expect, it } from "vitest";
import { db } from "./client.server";

type Row = Record<string, unknown>;

describe("database", () => {
  it("runs in WAL mode with foreign keys on", () => {
    const client = db().$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  it("indexes every foreign key", () => {
    const client = db().$client;
    const tables = client
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' " +
          "and name not like '__drizzle%'",
      )
      .all() as Row[];
    for (const { name } of tables) {
      const fks = client.prepare(`pragma foreign_key_list(${name})`).all() as Row[];
      const indexes = client.prepare(`pragma index_list(${name})`).all() as Row[];
      const firstColumns = indexes.map(
        (index) => (client.prepare(`pragma index_info(${String(index.name)})`).all() as Row[])[0]?.name,
      );
      const primary = (client.prepare(`pragma table_info(${name})`).all() as Row[])
        .filter((c) => Number(c.pk) === 1)
        .map((c) => c.name);
      for (const fk of fks) {
        expect(
          firstColumns.includes(fk.from) || primary[0] === fk.from,
          `${name}.${String(fk.from)} has an index`,
        ).toBe(true);
      }
    }
  });

  it("cascades deletes from users down to stories", () => {
    const client = db().$client;
    const now = Date.now();
    const user = client
      .prepare(
        "insert into users (username, email, password_hash, created_at, updated_at) values ('x', 'x@x', 'h', ?, ?)",
      )
      .run(now, now);
    const book = client
      .prepare("insert into books (user_id, title, created_at, updated_at) values (?, 'b', ?, ?)")
      .run(user.lastInsertRowid, now, now);
    const topic = client
      .prepare("insert into topics (book_id, title, created_at, updated_at) values (?, 't', ?, ?)")
      .run(book.lastInsertRowid, now, now);
    client
      .prepare("insert into stories (topic_id, book_id, title, created_at, updated_at) values (?, ?, 's', ?, ?)")
      .run(topic.lastInsertRowid, book.lastInsertRowid, now, now);
    client.prepare("delete from users where id = ?").run(user.lastInsertRowid);
    expect(client.prepare("select count(*) as n from stories").get()).toEqual({ n: 0 });
    expect(client.prepare("select count(*) as n from topics").get()).toEqual({ n: 0 });
  });
});
