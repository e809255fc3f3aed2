import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { createClient, loginAs, type Client } from "../support/http";

let server: RunningServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
});
afterAll(() => server?.stop());

async function createUser(body: Record<string, string>) {
  return admin.json("POST", "/api/admin/create-user", body);
}

describe("admin user management API", () => {
  it("creates a user (201), who can then sign in", async () => {
    const response = await createUser({
      username: "lan",
      email: "lan@example.com",
      password: "secret1",
      displayName: "Bà Lan",
    });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({ id: expect.any(Number), username: "lan", displayName: "Bà Lan", isAdmin: false });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
    const client = createClient(server.url);
    expect((await loginAs(client, "lan@example.com", "secret1")).username).toBe("lan");
  });

  it("answers invalid input with 400 and the spec's messages, in the user's language", async () => {
    const short = await createUser({ username: "ab", email: "ab@example.com", password: "secret1" });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Username must be at least 3 characters.");
    expect((await (await createUser({ username: "abc", email: "nope", password: "secret1" })).json()).message).toBe(
      "Please enter a valid email address.",
    );
    expect(
      (await (await createUser({ username: "abc", email: "abc@example.com", password: "12345" })).json()).message,
    ).toBe("Password must be at least 6 characters.");
    const vi = await admin.json(
      "POST",
      "/api/admin/create-user",
      { username: "ab", email: "x@example.com", password: "secret1" },
      { headers: { "Accept-Language": "vi" } },
    );
    expect((await vi.json()).message).toBe("Tên đăng nhập phải có ít nhất 3 ký tự.");
  });

  it("refuses duplicates with 409", async () => {
    await createUser({ username: "minh", email: "minh@example.com", password: "secret1" });
    expect((await createUser({ username: "MINH", email: "other@example.com", password: "secret1" })).status).toBe(409);
    expect((await createUser({ username: "minh2", email: "minh@example.com", password: "secret1" })).status).toBe(409);
  });

  it("lists users with book counts and login times, sorted and filtered by role", async () => {
    const list = await (await admin.get("/api/admin/users?sort=username&dir=desc&role=user")).json();
    expect(list.users.length).toBeGreaterThan(0);
    expect(list.users.every((u: { isAdmin: boolean }) => !u.isAdmin)).toBe(true);
    expect(list.users[0]).toHaveProperty("bookCount", 0);
    expect(list.users[0]).toHaveProperty("firstLoginAt");
    const names = list.users.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort().reverse());
  });

  it("updates a user and leaves the password alone when it is blank", async () => {
    const user = await (await createUser({ username: "hoa", email: "hoa@example.com", password: "secret1" })).json();
    const response = await admin.json("PUT", `/api/admin/users/${user.id}`, {
      username: "hoa",
      email: "hoa2@example.com",
      password: "",
      displayName: "Hoa",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "hoa2@example.com", displayName: "Hoa" });
    await loginAs(createClient(server.url), "hoa", "secret1");
    await admin.json("PUT", `/api/admin/users/${user.id}`, {
      username: "hoa",
      email: "hoa2@example.com",
      password: "changed1",
    });
    await loginAs(createClient(server.url), "hoa", "changed1");
    expect(
      (await admin.json("PUT", "/api/admin/users/99999", { username: "zzz", email: "z@example.com" })).status,
    ).toBe(404);
  });

  it("deletes a user, ending their sessions, and never deletes the admin", async () => {
    const user = await (await createUser({ username: "duc", email: "duc@example.com", password: "secret1" })).json();
    const client = createClient(server.url);
    await loginAs(client, "duc", "secret1");
    expect((await admin.request(`/api/admin/users/${user.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(401);
    const me = await (await admin.get("/api/me")).json();
    const refused = await admin.request(`/api/admin/users/${me.id}`, { method: "DELETE" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("The administrator account cannot be deleted.");
  });
});

describe("non-admins", () => {
  it("get 403 from /api/admin/* and /unauthorized for /admin; anonymous get 401", async () => {
    await createUser({ username: "tuan", email: "tuan@example.com", password: "secret1" });
    const client = createClient(server.url);
    await loginAs(client, "tuan", "secret1");
    expect((await client.get("/api/admin/users")).status).toBe(403);
    expect(
      (
        await client.json("POST", "/api/admin/create-user", {
          username: "x1x",
          email: "x@example.com",
          password: "secret1",
        })
      ).status,
    ).toBe(403);
    expect((await client.request("/api/admin/users/1", { method: "DELETE" })).status).toBe(403);
    const page = await client.get("/admin");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/unauthorized");
    const adminPost = await client.form("/admin", { intent: "delete", id: "1" });
    expect(adminPost.headers.get("location")).toBe("/unauthorized");
    expect((await createClient(server.url).get("/api/admin/users")).status).toBe(401);
  });
});

describe("admin page forms without JavaScript", () => {
  it("create, update and delete through plain form posts, with a flash toast", async () => {
    const created = await admin.form("/admin?dialog=add-user", {
      intent: "create",
      username: "vinh",
      email: "vinh@example.com",
      password: "secret1",
      displayName: "",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    const page = await (await admin.get("/admin")).text();
    expect(page).toContain("User created");
    expect(page).toContain("vinh@example.com");
    // The toast is shown once.
    expect(await (await admin.get("/admin")).text()).not.toContain("User created");

    const invalid = await admin.form("/admin?dialog=add-user", {
      intent: "create",
      username: "v",
      email: "vy2@example.com",
      password: "secret1",
    });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Username must be at least 3 characters.");
    expect(html).toContain("Error creating user");
    expect(html).toContain('value="vy2@example.com"');

    const list = await (await admin.get("/api/admin/users?sort=id&dir=desc")).json();
    const vinh = list.users.find((u: { username: string }) => u.username === "vinh");
    const updated = await admin.form(`/admin?dialog=edit-user&id=${vinh.id}`, {
      intent: "update",
      id: String(vinh.id),
      username: "vinh",
      email: "vinh@example.com",
      password: "",
      displayName: "Vinh",
    });
    expect(updated.headers.get("location")).toBe("/admin");
    expect(await (await admin.get("/admin")).text()).toContain("User updated");
    const deleted = await admin.form(`/admin?dialog=delete-user&id=${vinh.id}`, {
      intent: "delete",
      id: String(vinh.id),
    });
    expect(deleted.headers.get("location")).toBe("/admin");
    expect(await (await admin.get("/admin")).text()).toContain("User deleted");
  });
});

describe("profile API", () => {
  it("changes only the caller's own profile", async () => {
    const lan = createClient(server.url);
    const me = await loginAs(lan, "lan", "secret1");
    const response = await lan.json("PUT", `/api/users/${me.id}`, { displayName: "Lan Nguyễn" });
    expect(response.status).toBe(200);
    expect((await response.json()).displayName).toBe("Lan Nguyễn");
    const other = await lan.json("PUT", `/api/users/${me.id + 1}`, { displayName: "x" });
    expect(other.status).toBe(403);
    expect(await other.json()).toHaveProperty("message");
  });

  it("needs the right current password for a new one, with a message", async () => {
    const lan = createClient(server.url);
    const me = await loginAs(lan, "lan", "secret1");
    const missing = await lan.json("PUT", `/api/users/${me.id}`, { newPassword: "another1" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBeTruthy();
    const wrong = await lan.json("PUT", `/api/users/${me.id}`, { newPassword: "another1", currentPassword: "wrong!!" });
    expect(wrong.status).toBe(400);
    const ok = await lan.json("PUT", `/api/users/${me.id}`, { newPassword: "another1", currentPassword: "secret1" });
    expect(ok.status).toBe(200);
    await loginAs(createClient(server.url), "lan", "another1");
  });

  it("needs the right current password for a new email, through the API and the page without JavaScript", async () => {
    expect((await createUser({ username: "khoa", email: "khoa@example.com", password: "secret1" })).status).toBe(201);
    const khoa = createClient(server.url);
    const me = await loginAs(khoa, "khoa", "secret1");
    const put = (body: Record<string, string>, language = "en") =>
      khoa.json("PUT", `/api/users/${me.id}`, body, { headers: { "Accept-Language": language } });
    // A session alone, on a computer left signed in, cannot move the account to another address.
    for (const [body, language, message] of [
      [{ email: "khoa@evil.example" }, "en", "Please enter your current password to change your email."],
      [{ email: "khoa@evil.example" }, "vi", "Vui lòng nhập mật khẩu hiện tại để đổi email."],
      [{ email: "khoa@evil.example", currentPassword: "wrong!!" }, "en", "The current password is incorrect."],
    ] as const) {
      const refused = await put(body, language);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe(message);
    }
    const page = await khoa.form(
      "/profile",
      { displayName: "", email: "khoa@evil.example", currentPassword: "", newPassword: "", confirmPassword: "" },
      { headers: { "Accept-Language": "vi" } },
    );
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Vui lòng nhập mật khẩu hiện tại để đổi email.");
    // What was typed stays in the form, but never a password.
    expect(html).toContain('value="khoa@evil.example"');
    expect((await (await khoa.get("/api/me")).json()).email).toBe("khoa@example.com");
    expect(await loginAs(createClient(server.url), "khoa@example.com", "secret1")).toMatchObject({ id: me.id });

    const moved = await put({ email: "khoa@family.example", currentPassword: "secret1" });
    expect(moved.status).toBe(200);
    expect((await moved.json()).email).toBe("khoa@family.example");
    // Only the email changed: the session that asked stays signed in.
    expect((await khoa.get("/api/me")).status).toBe(200);
  });

  it("the profile page shows the mismatch message and the success toast without JavaScript", async () => {
    const lan = createClient(server.url, { "Accept-Language": "vi" });
    await loginAs(lan, "lan", "another1");
    const mismatch = await lan.form("/profile", {
      displayName: "Lan Nguyễn",
      email: "lan@example.com",
      currentPassword: "another1",
      newPassword: "abcdef",
      confirmPassword: "abcdeg",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Mật khẩu không khớp");
    const saved = await lan.form("/profile", {
      displayName: "Bà Lan",
      email: "lan@example.com",
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
    });
    expect(saved.status).toBe(302);
    expect(await (await lan.get("/profile")).text()).toContain("Cập nhật thành công");
    const unchanged = await lan.form("/profile", { displayName: "Bà Lan", email: "lan@example.com" });
    expect(unchanged.status).toBe(302);
    expect(await (await lan.get("/profile")).text()).toContain("Không có thay đổi nào để lưu.");
  });
});

describe("a password change ends other sessions", () => {
  async function signedIn(username: string, password: string, count: number) {
    const clients = Array.from({ length: count }, () => createClient(server.url));
    for (const client of clients) await loginAs(client, username, password);
    return clients;
  }
  const stillIn = async (client: Client) => (await client.get("/api/me")).status === 200;

  it("through PUT /api/users/{id}: the user's other sessions end, the current one stays", async () => {
    const created = await (
      await createUser({ username: "sessions-api", email: "sessions-api@example.com", password: "secret1" })
    ).json();
    const [current, other] = await signedIn("sessions-api", "secret1", 2);
    const changed = await current!.json("PUT", `/api/users/${created.id}`, {
      currentPassword: "secret1",
      newPassword: "secret2",
    });
    expect(changed.status).toBe(200);
    expect(await stillIn(current!)).toBe(true);
    expect(await stillIn(other!)).toBe(false);
    // A change of display name alone leaves the sessions as they are.
    const [third] = await signedIn("sessions-api", "secret2", 1);
    expect((await current!.json("PUT", `/api/users/${created.id}`, { displayName: "Someone" })).status).toBe(200);
    expect(await stillIn(third!)).toBe(true);
  });

  it("through the profile page: the user's other sessions end, the current one stays", async () => {
    await createUser({ username: "sessions-page", email: "sessions-page@example.com", password: "secret1" });
    const [current, other] = await signedIn("sessions-page", "secret1", 2);
    const saved = await current!.form("/profile", {
      displayName: "",
      email: "sessions-page@example.com",
      currentPassword: "secret1",
      newPassword: "secret2",
      confirmPassword: "secret2",
    });
    expect(saved.status).toBe(302);
    expect(await stillIn(current!)).toBe(true);
    expect(await stillIn(other!)).toBe(false);
  });

  it(
    "an admin's reset through PUT /api/admin/users/{id} " + "ends every session of that user, and not the admin's",
    async () => {
      const created = await (
        await createUser({ username: "reset-api", email: "reset-api@example.com", password: "secret1" })
      ).json();
      const sessions = await signedIn("reset-api", "secret1", 2);
      const reset = await admin.json("PUT", `/api/admin/users/${created.id}`, {
        username: "reset-api",
        email: "reset-api@example.com",
        password: "secret2",
      });
      expect(reset.status).toBe(200);
      for (const client of sessions) expect(await stillIn(client)).toBe(false);
      expect(await stillIn(admin)).toBe(true);
    },
  );

  it("an admin's reset through the admin page ends every session of that user", async () => {
    const created = await (
      await createUser({ username: "reset-page", email: "reset-page@example.com", password: "secret1" })
    ).json();
    const sessions = await signedIn("reset-page", "secret1", 2);
    const reset = await admin.form(`/admin?dialog=edit-user&id=${created.id}`, {
      intent: "update",
      id: String(created.id),
      username: "reset-page",
      email: "reset-page@example.com",
      password: "secret2",
      displayName: "",
    });
    expect(reset.status).toBe(302);
    for (const client of sessions) expect(await stillIn(client)).toBe(false);
    expect(await stillIn(admin)).toBe(true);
  });
});

describe("usernames and emails are one namespace", () => {
  it("refuses a username that is another user's email, and an email that is another user's username", async () => {
    await createUser({ username: "ns-owner", email: "ns-owner@example.com", password: "secret1" });
    const nameIsEmail = await createUser({
      username: "NS-Owner@Example.com",
      email: "ns-other@example.com",
      password: "secret1",
    });
    expect(nameIsEmail.status).toBe(409);
    expect((await nameIsEmail.json()).message).toBe("This username is already taken.");

    // A username that looks like an address, then someone else's email equal to it.
    const lookalike = await (
      await createUser({ username: "ns-chi@family.example", email: "ns-chi@example.com", password: "secret1" })
    ).json();
    const taken = await createUser({ username: "ns-third", email: "NS-CHI@family.example", password: "secret1" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe("This email address is already in use.");

    // The same rules when an admin edits a user and when a user edits their profile.
    const other = await (
      await createUser({ username: "ns-fourth", email: "ns-fourth@example.com", password: "secret1" })
    ).json();
    const rename = await admin.json("PUT", `/api/admin/users/${other.id}`, {
      username: "ns-owner@example.com",
      email: "ns-fourth@example.com",
    });
    expect(rename.status).toBe(409);
    const readdress = await admin.json("PUT", `/api/admin/users/${other.id}`, {
      username: "ns-fourth",
      email: "ns-chi@family.example",
    });
    expect(readdress.status).toBe(409);
    const fourth = createClient(server.url);
    await loginAs(fourth, "ns-fourth", "secret1");
    const profile = await fourth.json("PUT", `/api/users/${other.id}`, {
      email: "NS-Chi@Family.example",
      currentPassword: "secret1",
    });
    expect(profile.status).toBe(409);
    expect((await profile.json()).message).toBe("This email address is already in use.");

    // Each can still sign in with either name.
    expect((await loginAs(createClient(server.url), "ns-owner@example.com", "secret1")).username).toBe("ns-owner");
    expect((await loginAs(createClient(server.url), "ns-chi@family.example", "secret1")).id).toBe(lookalike.id);
  });

  it("compares names after NFKC normalisation and case folding, at creation and at sign-in", async () => {
    await createUser({ username: "ns-minh", email: "ns-minh@example.com", password: "secret1" });
    // Full-width letters are the same name under NFKC.
    const fullWidth = await createUser({
      username: "ＮＳ-ＭＩＮＨ",
      email: "ns-minh2@example.com",
      password: "secret1",
    });
    expect(fullWidth.status).toBe(409);
    expect((await loginAs(createClient(server.url), "ｎｓ-ｍｉｎｈ", "secret1")).username).toBe("ns-minh");
    // A name typed with combining marks (NFD, as some keyboards send it) is the composed one.
    const composed = await (
      await createUser({ username: "ns-hương", email: "ns-huong@example.com", password: "secret1" })
    ).json();
    expect(composed.username).toBe("ns-hương");
    expect(
      (await createUser({ username: "ns-hương".normalize("NFD"), email: "ns-huong2@example.com", password: "secret1" }))
        .status,
    ).toBe(409);
    expect((await loginAs(createClient(server.url), "NS-HƯƠNG".normalize("NFD"), "secret1")).id).toBe(composed.id);
  });

  it("refuses invisible and format characters in a username, with a translated message", async () => {
    for (const username of [
      "admin\u200b",
      "ad\u200dmin",
      "\u202eadmin",
      "ns-\u2066lan\u2069",
      "ns\u00adlan",
      "ns-lan\ufeff",
      "ns-\u180elan",
      "ns-lan\u{e0001}",
    ]) {
      const response = await createUser({ username, email: `ns-${username.length}@example.com`, password: "secret1" });
      expect(response.status, JSON.stringify(username)).toBe(400);
      expect((await response.json()).message).toBe("A username cannot contain invisible or formatting characters.");
    }
    const vi = await admin.json(
      "POST",
      "/api/admin/create-user",
      { username: "admin\u200b", email: "ns-zw@example.com", password: "secret1" },
      { headers: { "Accept-Language": "vi" } },
    );
    expect((await vi.json()).message).toBe("Tên đăng nhập không được chứa ký tự ẩn hoặc ký tự định dạng.");
    const someone = await (
      await createUser({ username: "ns-rename", email: "ns-rename@example.com", password: "secret1" })
    ).json();
    expect(
      (
        await admin.json("PUT", `/api/admin/users/${someone.id}`, {
          username: "ns-re\u200bname",
          email: "ns-rename@example.com",
        })
      ).status,
    ).toBe(400);
  });
});
