import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, pathOf, signIn, waitForHydration, waitForToast } from "./helpers";

// The admin dashboard's Users tab with JavaScript: the add, edit and delete dialogs, and the server-side guard.
const env = serverAndBrowser();

const row = (page: Page, username: string) =>
  page.locator("table tbody tr", { has: page.locator("td:nth-child(2)", { hasText: new RegExp(`^${username}\\b`) }) });

describe.concurrent("admin users page", () => {
  it("creates a user through the Add user dialog, with docs/product.md §5's validation messages", async ({
    expect,
  }) => {
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin?tab=users");

    // The admin's own row: the Admin badge, Edit, and no Delete.
    const adminRow = row(page, "admin");
    expect(await adminRow.locator(".badge").textContent()).toBe("Admin");
    expect(await adminRow.getByRole("link", { name: /^Edit/ }).count()).toBe(1);
    expect(await adminRow.getByRole("link", { name: /^Delete/ }).count()).toBe(0);

    await page.getByRole("link", { name: "Add user" }).click();
    await page.waitForURL((url) => url.searchParams.get("dialog") === "add-user");
    const dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await dialog.getByRole("heading").textContent()).toBe("Add a new user");

    // Too short, not an email, too short: each field shows its own message, the form keeps what was typed.
    // Once the schemas have loaded the browser checks them, as the server would, and nothing is posted.
    await dialog.locator('form[data-validates="browser"]').waitFor();
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Display name").fill("Bà Ngoại");
    await dialog.getByLabel("Password").fill("12345");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.locator("#username-error").waitFor();
    expect(await dialog.locator("#username-error").textContent()).toBe("Username must be at least 3 characters.");
    expect(await dialog.locator("#email-error").textContent()).toBe("Please enter a valid email address.");
    expect(await dialog.locator("#password-error").textContent()).toBe("Password must be at least 6 characters.");
    expect(await dialog.getByLabel("Username").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Username").inputValue()).toBe("ab");
    expect(await dialog.getByLabel("Display name").inputValue()).toBe("Bà Ngoại");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("username");
    expect(posted).toBe(false);

    // Valid values: the dialog closes, the toast says so and the new row is there.
    await dialog.getByLabel("Username").fill("bangoai");
    await dialog.getByLabel("Email").fill("bangoai@example.com");
    await dialog.getByLabel("Password").fill("ngoai-secret");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await page.waitForURL((url) => url.pathname === "/admin" && !url.searchParams.has("dialog"));
    await waitForToast(page, "User created");
    await page.locator("dialog.dialog").waitFor({ state: "detached" });
    const created = row(page, "bangoai");
    expect(await created.locator("td").nth(2).textContent()).toBe("bangoai@example.com");
    expect(await created.locator("td").nth(3).textContent()).toBe("Bà Ngoại");
    expect(await created.locator("td").nth(5).textContent()).toBe("Never");
    expect(await created.locator(".badge").count()).toBe(0);
    expect(await created.getByRole("link", { name: /^Delete/ }).count()).toBe(1);

    // A duplicate username is refused with the server's message.
    await page.getByRole("link", { name: "Add user" }).click();
    await page.locator("dialog.dialog").waitFor({ state: "visible" });
    const again = page.locator("dialog.dialog");
    await again.getByLabel("Username").fill("BANGOAI");
    await again.getByLabel("Email").fill("other@example.com");
    await again.getByLabel("Password").fill("another-secret");
    await again.getByRole("button", { name: "Create user" }).click();
    await again.locator("#username-error").waitFor();
    expect(await again.locator("#username-error").textContent()).toBe("This username is already taken.");
    await waitForToast(page, "Error creating user");

    // The new user can sign in with the password the admin chose.
    const client = createClient(env.server.url);
    expect((await loginAs(client, "bangoai@example.com", "ngoai-secret")).username).toBe("bangoai");

    assertNoErrors([
      { path: "/admin.data", status: 400 },
      { path: "/admin.data", status: 409 },
    ]);
  });

  it("edits a user, keeping the password when the field is left blank", async ({ expect }) => {
    const user = await createUser(env.server, { displayName: "Cô Lan", password: "lan-password" });
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin?tab=users");

    await row(page, user.username).getByRole("link", { name: /^Edit/ }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("dialog") === "edit-user" && url.searchParams.get("id") === String(user.id),
    );
    const dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByRole("heading").textContent()).toBe(`Edit user ${user.username}`);
    expect(await dialog.getByLabel("Username").inputValue()).toBe(user.username);
    expect(await dialog.getByLabel("Email").inputValue()).toBe(user.email);
    expect(await dialog.getByLabel("Display name").inputValue()).toBe("Cô Lan");
    expect(await dialog.getByLabel("Password").inputValue()).toBe("");
    expect(await dialog.getByText("Leave blank to keep the current password.").isVisible()).toBe(true);

    // Validation on edit uses the same messages.
    // The browser checks the form with its schema once it has loaded: the message, and no post.
    await dialog.locator('form[data-validates="browser"]').waitFor();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await dialog.getByLabel("Username").fill("lo");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.locator("#username-error").waitFor();
    expect(await dialog.locator("#username-error").textContent()).toBe("Username must be at least 3 characters.");
    expect(posts).toEqual([]);

    await dialog.getByLabel("Username").fill(user.username);
    await dialog.getByLabel("Display name").fill("Cô Lan Nguyễn");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL((url) => url.pathname === "/admin" && !url.searchParams.has("dialog"));
    await waitForToast(page, "User updated");
    expect(await row(page, user.username).locator("td").nth(3).textContent()).toBe("Cô Lan Nguyễn");

    // The old password still works; the new name shows.
    const client = createClient(env.server.url);
    expect((await loginAs(client, user.username, "lan-password")).id).toBe(user.id);
    const me = (await (await client.get("/api/me")).json()) as { displayName: string };
    expect(me.displayName).toBe("Cô Lan Nguyễn");

    // Closing the dialog with Escape goes back to the plain list.
    await row(page, user.username).getByRole("link", { name: /^Edit/ }).click();
    await page.locator("dialog.dialog").waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("dialog"));
    await page.locator("dialog.dialog").waitFor({ state: "detached" });

    assertNoErrors([{ path: "/admin.data", status: 400 }]);
  });

  it("deletes a user only after the confirmation, and never offers to delete the admin", async ({ expect }) => {
    const user = await createUser(env.server, { displayName: "Chú Tư" });
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, "admin", ADMIN_PASSWORD, "/admin?tab=users");

    // Cancel leaves the user in place.
    await row(page, user.username)
      .getByRole("link", { name: /^Delete/ })
      .click();
    let dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByRole("heading").textContent()).toBe("Delete user Chú Tư?");
    expect(await dialog.locator(".warning").textContent()).toContain("cannot be undone");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => !url.searchParams.has("dialog"));
    expect(await row(page, user.username).count()).toBe(1);

    // Confirming deletes it.
    await row(page, user.username)
      .getByRole("link", { name: /^Delete/ })
      .click();
    dialog = page.locator("dialog.dialog");
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "Delete user" }).click();
    await page.waitForURL((url) => url.pathname === "/admin" && !url.searchParams.has("dialog"));
    await waitForToast(page, "User deleted");
    expect(await row(page, user.username).count()).toBe(0);
    const client = createClient(env.server.url);
    const refused = await client.json("POST", "/api/auth/login", {
      username: user.username,
      password: user.password,
      rememberMe: false,
    });
    expect(refused.status).toBe(401);

    // Even a hand-made URL shows no delete dialog for the admin.
    const admin = (await (await page.request.get(`${env.server.url}/api/me`)).json()) as { id: number };
    await page.goto(`${env.server.url}/admin?tab=users&dialog=delete-user&id=${admin.id}`);
    await waitForHydration(page);
    expect(await page.locator("dialog.dialog").count()).toBe(0);
    expect(await row(page, "admin").count()).toBe(1);
    assertNoErrors();
  });

  it("sends a signed-in non-admin from /admin to /unauthorized, and shows no Admin link", async ({ expect }) => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await loginThroughForm(page, env.server.url, user.username, user.password);
    await waitForHydration(page);
    // The login page's own hydration can satisfy waitForHydration before the home page renders: wait for its header.
    await page.locator("nav.header-nav").getByRole("link", { name: "Home" }).waitFor({ state: "visible" });
    expect(await page.locator("nav.header-nav").getByRole("link", { name: "Admin" }).count()).toBe(0);

    await page.goto(`${env.server.url}/admin?dialog=add-user`);
    expect(pathOf(page)).toBe("/unauthorized");
    expect(await page.getByText("You do not have permission to access this page.").isVisible()).toBe(true);
    const home = page.getByRole("link", { name: "Return to Home" });
    await waitForHydration(page);
    await home.click();
    await page.waitForURL((url) => url.pathname === "/");

    // The admin API refuses the same user.
    const status = await page.evaluate(async () => (await fetch("/api/admin/users")).status);
    expect(status).toBe(403);
    assertNoErrors([{ path: "/api/admin/users", status: 403 }]);
  });
});
