import { describe, it } from "vitest";
import { loginThroughForm, openPage, serverAndBrowser } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/server";
import { openMenu, pathOf, toast, waitForToast } from "./helpers";

// Everything here runs with JavaScript switched off: the plain HTML forms must do the whole job.
const env = serverAndBrowser();

describe.concurrent("without JavaScript", () => {
  it("logs in, switches to Vietnamese, logs out, and shows a failed login in both languages", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });

    // A failed login stays on /login with the destructive toast and the server's message.
    await page.goto(`${env.server.url}/login`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.fill("#username", "admin");
    await page.fill("#password", "wrong-password");
    const [failed] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login"),
      // The answer is a new document: wait for it to load, not for the one already there.
      page.waitForEvent("load"),
      page.click("button[type=submit]:below(#password)"),
    ]);
    expect(failed.status()).toBe(401);
    expect(pathOf(page)).toBe("/login");
    await waitForToast(page, "Login failed");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("Incorrect username, email or password.");
    expect(await page.getByRole("alert").isVisible()).toBe(true);
    expect(await page.inputValue("#username")).toBe("admin");

    // A good login through the same form lands on the home page.
    await loginThroughForm(page, env.server.url, "admin", ADMIN_PASSWORD);
    expect(pathOf(page)).toBe("/");
    expect(await page.locator("nav.header-nav").getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe(
      "page",
    );

    // The language <details> menu opens without JavaScript, and its form posts to /preferences/language.
    const language = await openMenu(page, "Language");
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/preferences/language"),
      page.waitForURL((url) => url.pathname === "/"),
      page.waitForEvent("load"),
      language.getByRole("button", { name: "Tiếng Việt" }).click(),
    ]);
    expect(post.postData()).toContain("lng=vi");
    expect(await page.locator("html").getAttribute("lang")).toBe("vi");
    expect(await page.locator("nav.header-nav").getByRole("link", { name: "Trang chủ" }).isVisible()).toBe(true);
    expect(await page.title()).toContain("Trang chủ");
    // The current language is marked in the menu.
    const viMenu = await openMenu(page, "Ngôn ngữ");
    expect(await viMenu.getByRole("button", { name: "Tiếng Việt" }).getAttribute("aria-current")).toBe("true");

    // Logout sits in the account menu and ends on /login, still in Vietnamese.
    const account = await openMenu(page, "Menu tài khoản");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/login"),
      account.getByRole("button", { name: "Đăng xuất" }).click(),
    ]);
    expect(await page.locator("h1").textContent()).toBe("Đăng nhập");

    // The session is really gone: the home page sends us back to /login.
    await page.goto(`${env.server.url}/`);
    expect(pathOf(page)).toBe("/login");

    // A failed login in Vietnamese.
    await page.fill("#username", "admin");
    await page.fill("#password", "still-wrong");
    await Promise.all([page.waitForEvent("load"), page.click("button[type=submit]:below(#password)")]);
    await waitForToast(page, "Đăng nhập thất bại");
    expect(await toast(page).locator(".toast-message").textContent()).toBe(
      "Tên đăng nhập, email hoặc mật khẩu không đúng.",
    );

    // The failed form posts answer 401 on purpose; nothing else may log an error.
    assertNoErrors([{ path: "/login", status: 401 }]);
  });

  it("adds and deletes a user through the admin dialogs, which are rendered open by the server", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });
    await loginThroughForm(page, env.server.url, "admin", ADMIN_PASSWORD);
    await page.goto(`${env.server.url}/admin?tab=users`);
    await Promise.all([page.waitForURL(/dialog=add-user/), page.getByRole("link", { name: "Add user" }).click()]);
    const dialog = page.locator("dialog.dialog");
    expect(await dialog.isVisible()).toBe(true);

    // The server's messages, exactly as docs/product.md §5 writes them.
    await dialog.getByLabel("Username").fill("x");
    await dialog.getByLabel("Email").fill("x@");
    await dialog.getByLabel("Password").fill("123");
    const [invalid] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.waitForEvent("load"),
      dialog.getByRole("button", { name: "Create user" }).click(),
    ]);
    expect(invalid.status()).toBe(400);
    expect(await page.locator("#username-error").textContent()).toBe("Username must be at least 3 characters.");
    expect(await page.locator("#email-error").textContent()).toBe("Please enter a valid email address.");
    expect(await page.locator("#password-error").textContent()).toBe("Password must be at least 6 characters.");
    expect(await toast(page).locator(".toast-title").textContent()).toBe("Error creating user");

    await page.locator("dialog.dialog").getByLabel("Username").fill("ongnoi");
    await page.locator("dialog.dialog").getByLabel("Email").fill("ongnoi@example.com");
    await page.locator("dialog.dialog").getByLabel("Password").fill("noi-secret");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/admin" && !url.searchParams.has("dialog")),
      page.locator("dialog.dialog").getByRole("button", { name: "Create user" }).click(),
    ]);
    expect(await toast(page).locator(".toast-title").textContent()).toBe("User created");
    const row = page.locator("tbody tr", { hasText: "ongnoi@example.com" });
    expect(await row.count()).toBe(1);

    await Promise.all([page.waitForURL(/dialog=delete-user/), row.getByRole("link", { name: /^Delete/ }).click()]);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/admin" && !url.searchParams.has("dialog")),
      page.locator("dialog.dialog").getByRole("button", { name: "Delete user" }).click(),
    ]);
    expect(await toast(page).locator(".toast-title").textContent()).toBe("User deleted");
    expect(await page.locator("tbody tr", { hasText: "ongnoi@example.com" }).count()).toBe(0);
    assertNoErrors([{ path: "/admin", status: 400 }]);
  });

  it("keeps redirectTo through the login form, and hides the toast after 5 s with CSS alone", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });
    await page.goto(`${env.server.url}/profile`);
    expect(pathOf(page)).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile");
    await page.fill("#username", "admin");
    await page.fill("#password", ADMIN_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/profile"),
      page.click("button[type=submit]:below(#password)"),
    ]);

    // Saving the unchanged profile posts the whole form; the flash cookie brings the info toast back.
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/profile"),
      page.waitForEvent("load"),
      page.locator("#profile-form button[type=submit]").click(),
    ]);
    const info = toast(page);
    expect(await info.locator(".toast-title").textContent()).toBe("Nothing has changed, so there is nothing to save.");
    const shownAt = Date.now();
    expect(await info.isVisible()).toBe(true);
    await info.waitFor({ state: "hidden", timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);

    // The flash was consumed: a reload shows no toast.
    await page.reload();
    expect(await toast(page).count()).toBe(0);
    assertNoErrors();
  });
});
