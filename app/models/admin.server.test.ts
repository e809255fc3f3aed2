import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { books } from "~db/schema";
import { getUserRow, listUsers } from "./admin.server";
import { createUser, ensureAdmin, recordLogin } from "./user.server";

const query = { sort: "id", dir: "asc", role: "all", page: 1, pageSize: 20 } as const;

describe("admin users list", () => {
  it("counts books per user, filters by role, sorts and paginates in SQL", async () => {
    await ensureAdmin("admin-pass");
    const a = await createUser({ username: "cuong", email: "c@example.com", password: "secret1" });
    const b = await createUser({ username: "binh", email: "b@example.com", password: "secret1" });
    db().insert(books).values([
      { userId: a.id, title: "One" },
      { userId: a.id, title: "Two" },
      { userId: b.id, title: "Three" },
    ]).run();
    recordLogin(b.id);

    const all = listUsers(query);
    expect(all.total).toBe(3);
    expect(all.users.map((u) => [u.username, u.bookCount])).toEqual([
      ["admin", 0],
      ["cuong", 2],
      ["binh", 1],
    ]);
    expect(listUsers({ ...query, role: "admin" }).users.map((u) => u.username)).toEqual(["admin"]);
    expect(listUsers({ ...query, role: "user" }).total).toBe(2);
    expect(listUsers({ ...query, sort: "username", dir: "desc" }).users.map((u) => u.username)).toEqual(["cuong", "binh", "admin"]);
    const page2 = listUsers({ ...query, pageSize: 2, page: 2 });
    expect(page2.users.map((u) => u.username)).toEqual(["binh"]);
    expect(page2.pages).toBe(2);
    expect(getUserRow(a.id)?.bookCount).toBe(2);
    expect(getUserRow(9999)).toBeNull();
    expect(JSON.stringify(all)).not.toContain("argon2");
  });
});
