import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~db/client.server";
import { users } from "~db/schema";
import { listActivities } from "./activity.server";
import { normaliseStoredNames } from "./user-names.server";
import { createUser, verifyLogin } from "./user.server";

// Rows as they were stored before names became NFKC keys: lower case only, written past the model.
async function legacyUser(username: string, email: string, password = "secret1") {
  const { passwordHash } = await createUser({
    username: `tmp-${crypto.randomUUID()}`,
    email: `${crypto.randomUUID()}@tmp.example`,
    password,
  });
  return (await db().insert(users).values({ username, email, passwordHash }).returning())[0]!;
}

describe("names stored before issue 16", () => {
  it(
    "are brought to their key at start, so sign-in finds them, " + "with an activity row; keys are left alone",
    async () => {
      const decomposed = await legacyUser("hương".normalize("NFD"), "huong@example.com");
      const fullWidth = await legacyUser("ｌａｎ", "ｌａｎ@example.com");
      expect(await verifyLogin({ login: "hương", password: "secret1" })).toBeNull();

      const { normalised } = await normaliseStoredNames();
      expect(normalised).toEqual([decomposed.id, fullWidth.id]);
      expect((await verifyLogin({ login: "hương", password: "secret1" }))?.id).toBe(decomposed.id);
      expect((await verifyLogin({ login: "LAN", password: "secret1" }))?.id).toBe(fullWidth.id);
      expect((await db().select().from(users).where(eq(users.id, fullWidth.id)))[0]).toMatchObject({
        username: "lan",
        email: "lan@example.com",
      });
      expect((await listActivities({ userId: fullWidth.id }))[0]).toMatchObject({
        action: "update",
        resource: "user",
        details: { fields: ["username", "email"] },
      });
      expect((await normaliseStoredNames()).normalised).toEqual([]);
    },
  );

  it(
    "are left as they are, and reported, when their key is someone else's name; " +
      "so are names shared across the columns",
    async () => {
      const composed = await legacyUser("mai", "mai@example.com");
      const fullWidth = await legacyUser("ｍａｉ", "mai2@example.com");
      const name = await legacyUser("tuan@example.com", "tuan-own@example.com");
      const email = await legacyUser("tuan", "tuan@example.com");
      const { conflicts } = await normaliseStoredNames();
      expect(conflicts).toEqual(
        expect.arrayContaining([
          { name: "mai", userIds: [fullWidth.id, composed.id] },
          { name: "tuan@example.com", userIds: [name.id, email.id] },
        ]),
      );
      expect((await db().select().from(users).where(eq(users.id, fullWidth.id)))[0]?.username).toBe("ｍａｉ");
    },
  );
});
