import type { Page, Request } from "playwright-core";
import { describe, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { createUser, openMenu, signIn, toast, waitForHydration, waitForToast } from "./helpers";

// The profile page with JavaScript: only changed fields are sent, and nothing at all when nothing changed.
const env = serverAndBrowser();

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

async function openProfile(page: Page) {
  await page.goto(`${env.server.url}/profile`);
  await waitForHydration(page);
}

const avatar = (page: Page) => page.locator(".site-header summary .avatar");

describe.concurrent("profile", () => {
  it("makes no request when nothing changed, catches a password mismatch, and saves only the display name", async ({
    expect,
  }) => {
    const user = await createUser(env.server, { displayName: "" });
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/profile");
    expect(await page.getByLabel("Display name").inputValue()).toBe("");
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    // No display name yet: the avatar shows the username's first letter.
    expect(await avatar(page).textContent()).toBe(user.username[0]!.toUpperCase());

    // The form's schema loads when the page is idle; from then on, the browser checks the fields as the server
    // would. Wait for it first, so that its module is not counted below as a request the form made.
    await page.locator('#profile-form[data-validates="browser"]').waitFor();
    const requests = recordRequests(page);

    // Nothing changed: the info notice, and not a single request.
    await page.locator("#profile-form").getByRole("button", { name: "Save" }).click();
    await waitForToast(page, "Nothing has changed, so there is nothing to save.");
    expect(await toast(page).getAttribute("class")).toContain("toast-info");
    // The header's Save button submits the same form, with the same result.
    await page.locator(".site-header").getByRole("button", { name: "Save" }).click();
    await waitForToast(page, "Nothing has changed, so there is nothing to save.");

    // A mismatched confirmation is caught in the page, beside the field. (Enter submits the form: the
    // toast sits over the form's own Save button at the bottom right for its 5 s.)
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("new-secret-1");
    await page.getByLabel("Confirm new password").fill("new-secret-2");
    await page.getByLabel("Confirm new password").press("Enter");
    await page.locator("#confirmPassword-error").waitFor();
    expect(await page.locator("#confirmPassword-error").textContent()).toBe("Passwords do not match");
    expect(await page.getByLabel("Confirm new password").getAttribute("aria-invalid")).toBe("true");
    // A new password without the current one is refused too.
    await page.getByLabel("Current password").fill("");
    await page.getByLabel("Confirm new password").fill("new-secret-1");
    await page.getByLabel("Confirm new password").press("Enter");
    await page.locator("#currentPassword-error").waitFor();
    expect(await page.locator("#currentPassword-error").textContent()).toBe(
      "Please enter your current password to set a new one.",
    );

    expect(requests.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);

    // A new display name: only that field travels, the success toast shows and the avatar follows.
    await page.getByLabel("New password", { exact: true }).fill("");
    await page.getByLabel("Confirm new password").fill("");
    await page.getByLabel("Display name").fill("Zelda Trần");
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST"),
      page.getByLabel("Display name").press("Enter"),
    ]);
    const sent = new URLSearchParams(post.postData() ?? "");
    expect([...sent.keys()]).toEqual(["displayName"]);
    expect(sent.get("displayName")).toBe("Zelda Trần");
    await waitForToast(page, "Update successful");
    expect(await toast(page).getAttribute("class")).toContain("toast-success");
    await expect.poll(() => avatar(page).textContent()).toBe("Z");
    expect(await page.getByLabel("Display name").inputValue()).toBe("Zelda Trần");
    expect(await page.locator(".field-error").count()).toBe(0);

    // The home page greets the new name.
    await page.goto(`${env.server.url}/`);
    expect(await page.locator("h1").first().textContent()).toContain("Zelda Trần");
    assertNoErrors();
  });

  it("changes the password with the current one, and reports a wrong current password", async ({ expect }) => {
    const user = await createUser(env.server, { displayName: "Hoa" });
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/profile");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-secret");
    await page.getByLabel("Confirm new password").fill("brand-new-secret");
    await page.locator("#profile-form").getByRole("button", { name: "Save" }).click();
    await waitForToast(page, "Update failed");
    expect(await toast(page).locator(".toast-message").textContent()).toBe("The current password is incorrect.");
    expect(await page.locator("#currentPassword-error").textContent()).toBe("The current password is incorrect.");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-secret");
    await page.getByLabel("Confirm new password").fill("brand-new-secret");
    await page.getByLabel("Confirm new password").press("Enter");
    await waitForToast(page, "Update successful");
    // The password fields are emptied after a successful save.
    expect(await page.getByLabel("Current password").inputValue()).toBe("");

    const client = createClient(env.server.url);
    expect((await loginAs(client, user.username, "brand-new-secret")).id).toBe(user.id);
    const old = await client.json("POST", "/api/auth/login", {
      username: user.username,
      password: user.password,
      rememberMe: false,
    });
    expect(old.status).toBe(401);
    assertNoErrors([{ path: "/profile.data", status: 400 }]);
  });

  it("says 'Mật khẩu không khớp' and 'Cập nhật thành công' in Vietnamese", async ({ expect }) => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password);
    const language = await openMenu(page, "Language");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/"),
      language.getByRole("button", { name: "Tiếng Việt" }).click(),
    ]);
    expect(await page.locator("html").getAttribute("lang")).toBe("vi");
    await openProfile(page);

    await page.getByLabel("Mật khẩu hiện tại").fill(user.password);
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("mat-khau-moi");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("mat-khau-khac");
    await page.locator("#profile-form").getByRole("button", { name: "Lưu" }).click();
    await page.locator("#confirmPassword-error").waitFor();
    expect(await page.locator("#confirmPassword-error").textContent()).toBe("Mật khẩu không khớp");

    await page.getByLabel("Mật khẩu hiện tại").fill("");
    await page.getByLabel("Mật khẩu mới", { exact: true }).fill("");
    await page.getByLabel("Xác nhận mật khẩu mới").fill("");
    await page.getByLabel("Tên hiển thị").fill("Ông Bảy");
    await page.getByLabel("Tên hiển thị").press("Enter");
    await waitForToast(page, "Cập nhật thành công");
    await expect.poll(() => avatar(page).textContent()).toBe("Ô");
    assertNoErrors();
  });

  it("asks for the current password to change the email, in English and in Vietnamese", async ({ expect }) => {
    const user = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/profile");
    expect(await page.locator("#email-hint").textContent()).toBe(
      "To change your email, enter your current password below as well.",
    );
    await page.locator('#profile-form[data-validates="browser"]').waitFor();

    // The new address without the password: refused beside the password field, and the email is not changed.
    await page.getByLabel("Email").fill(`new-${user.email}`);
    await page.getByLabel("Email").press("Enter");
    await waitForToast(page, "Update failed");
    await page.locator("#currentPassword-error").waitFor();
    expect(await page.locator("#currentPassword-error").textContent()).toBe(
      "Please enter your current password to change your email.",
    );
    expect(await page.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

    // The same in Vietnamese.
    const language = await openMenu(page, "Language");
    await language.getByRole("button", { name: "Tiếng Việt" }).click();
    await page.locator('html[lang="vi"]').waitFor({ state: "attached" });
    await openProfile(page);
    await page.locator('#profile-form[data-validates="browser"]').waitFor();
    expect(await page.locator("#email-hint").textContent()).toBe(
      "Để đổi email, hãy nhập cả mật khẩu hiện tại ở bên dưới.",
    );
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    await page.getByLabel("Email").fill(`new-${user.email}`);
    await page.getByLabel("Email").press("Enter");
    await waitForToast(page, "Cập nhật thất bại");
    await page.locator("#currentPassword-error").waitFor();
    expect(await page.locator("#currentPassword-error").textContent()).toBe(
      "Vui lòng nhập mật khẩu hiện tại để đổi email.",
    );

    // With the password the new address is kept, and only the email and the password travel.
    await page.getByLabel("Mật khẩu hiện tại").fill(user.password);
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === "POST"),
      page.getByLabel("Mật khẩu hiện tại").press("Enter"),
    ]);
    expect([...new URLSearchParams(post.postData() ?? "").keys()]).toEqual(["email", "currentPassword"]);
    await waitForToast(page, "Cập nhật thành công");
    expect(await page.getByLabel("Email").inputValue()).toBe(`new-${user.email}`);
    expect(await page.getByLabel("Mật khẩu hiện tại").inputValue()).toBe("");
    assertNoErrors([{ path: "/profile.data", status: 400 }]);
  });
});
