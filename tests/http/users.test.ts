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
    const response = await createUser({ username: "lan", email: "lan@example.com", password: "secret1", displayName: "Bà Lan" });
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
    expect((await (await createUser({ username: "abc", email: "nope", password: "secret1" })).json()).message).toBe("Please enter a valid email address.");
    expect((await (await createUser({ username: "abc", email: "abc@example.com", password: "12345" })).json()).message).toBe(
      "Password must be at least 6 characters.",
    );
    const vi = await admin.json("POST", "/api/admin/create-user", { username: "ab", email: "x@example.com", password: "secret1" }, { headers: { "Accept-Language": "vi" } });
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
    const response = await admin.json("PUT", `/api/admin/users/${user.id}`, { username: "hoa", email: "hoa2@example.com", password: "", displayName: "Hoa" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "hoa2@example.com", displayName: "Hoa" });
    await loginAs(createClient(server.url), "hoa", "secret1");
    await admin.json("PUT", `/api/admin/users/${user.id}`, { username: "hoa", email: "hoa2@example.com", password: "changed1" });
    await loginAs(createClient(server.url), "hoa", "changed1");
    expect((await admin.json("PUT", "/api/admin/users/99999", { username: "zzz", email: "z@example.com" })).status).toBe(404);
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
    expect((await client.json("POST", "/api/admin/create-user", { username: "x1x", email: "x@example.com", password: "secret1" })).status).toBe(403);
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
    const created = await admin.form("/admin?dialog=add-user", { intent: "create", username: "vinh", email: "vinh@example.com", password: "secret1", displayName: "" });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin");
    const page = await (await admin.get("/admin")).text();
    expect(page).toContain("User created");
    expect(page).toContain("vinh@example.com");
    // The toast is shown once.
    expect(await (await admin.get("/admin")).text()).not.toContain("User created");

    const invalid = await admin.form("/admin?dialog=add-user", { intent: "create", username: "v", email: "vy2@example.com", password: "secret1" });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Username must be at least 3 characters.");
    expect(html).toContain("Error creating user");
    expect(html).toContain('value="vy2@example.com"');

    const list = await (await admin.get("/api/admin/users?sort=id&dir=desc")).json();
    const vinh = list.users.find((u: { username: string }) => u.username === "vinh");
    const updated = await admin.form(`/admin?dialog=edit-user&id=${vinh.id}`, { intent: "update", id: String(vinh.id), username: "vinh", email: "vinh@example.com", password: "", displayName: "Vinh" });
    expect(updated.headers.get("location")).toBe("/admin");
    expect(await (await admin.get("/admin")).text()).toContain("User updated");
    const deleted = await admin.form(`/admin?dialog=delete-user&id=${vinh.id}`, { intent: "delete", id: String(vinh.id) });
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

  it("the profile page shows the mismatch message and the success toast without JavaScript", async () => {
    const lan = createClient(server.url, { "Accept-Language": "vi" });
    await loginAs(lan, "lan", "another1");
    const mismatch = await lan.form("/profile", { displayName: "Lan Nguyễn", email: "lan@example.com", currentPassword: "another1", newPassword: "abcdef", confirmPassword: "abcdeg" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Mật khẩu không khớp");
    const saved = await lan.form("/profile", { displayName: "Bà Lan", email: "lan@example.com", currentPassword: "", newPassword: "", confirmPassword: "" });
    expect(saved.status).toBe(302);
    expect(await (await lan.get("/profile")).text()).toContain("Cập nhật thành công");
    const unchanged = await lan.form("/profile", { displayName: "Bà Lan", email: "lan@example.com" });
    expect(unchanged.status).toBe(302);
    expect(await (await lan.get("/profile")).text()).toContain("Không có thay đổi nào để lưu.");
  });
});
