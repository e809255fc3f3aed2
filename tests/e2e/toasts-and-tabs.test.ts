import type { Page } from "playwright-core";
import { beforeAll, describe, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import {
  createUser,
  openMenu,
  pathOf,
  signIn,
  toast,
  toastRegion,
  waitForHydration,
  waitForToast,
  type TestUser,
} from "./helpers";

// Toasts (F8, 5 s, swipe) and the signal that makes other open tabs re-check who is signed in.
const env = serverAndBrowser();
let user: TestUser;

beforeAll(async () => {
  user = await createUser(env.server, { displayName: "Thu" });
});

/** Shows the profile's "nothing changed" notice, a toast with no request behind it. */
async function showInfoToast(page: Page) {
  await page.locator("#profile-form").getByRole("button", { name: "Save" }).click();
  await toast(page).waitFor({ state: "visible" });
}

// Independent contexts: the two run side by side.
describe.concurrent("toasts and other tabs", () => {
  it("are focused by F8, hide after 5 s, and go away with the close button or a 50 px swipe", async ({ expect }) => {
    const { page, assertNoErrors } = await openPage(env.browser);
    await signIn(page, env.server, user.username, user.password, "/profile");

    // The page clock notes when the toast appears and disappears.
    await page.evaluate(() => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver(() => {
        const present = !!document.querySelector(".toast-region .toast");
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined && times.hidden === undefined) times.hidden = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await showInfoToast(page);
    expect(await toastRegion(page).getAttribute("aria-label")).toBe("Notifications (F8)");
    expect(await toastRegion(page).locator("[role=status]").getAttribute("aria-live")).toBe("polite");

    await page.keyboard.press("F8");
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("toast-region"))).toBe(true);

    await toast(page).waitFor({ state: "detached", timeout: 9000 });
    const times = await page.evaluate(
      () => (window as unknown as { toastTimes: { shown: number; hidden: number } }).toastTimes,
    );
    const shownFor = times.hidden - times.shown;
    expect(shownFor).toBeGreaterThanOrEqual(4900);
    expect(shownFor).toBeLessThan(8000);

    // The close button.
    await showInfoToast(page);
    await toast(page).getByRole("button", { name: "Dismiss notification" }).click();
    await toast(page).waitFor({ state: "detached" });

    // A short swipe springs back; a swipe of more than 50 px to the right dismisses.
    await showInfoToast(page);
    const box = (await toast(page).boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 3 });
    await page.mouse.up();
    expect(await toast(page).isVisible()).toBe(true);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 70, y, { steps: 5 });
    await page.mouse.up();
    await toast(page).waitFor({ state: "detached", timeout: 2000 });

    // An error toast is announced assertively.
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("another-secret");
    await page.getByLabel("Confirm new password").fill("another-secret");
    await page.locator("#profile-form").getByRole("button", { name: "Save" }).click();
    await waitForToast(page, "Update failed");
    expect(await toastRegion(page).locator("[role=alert]").getAttribute("aria-live")).toBe("assertive");

    assertNoErrors([{ path: "/profile.data", status: 400 }]);
  });

  it("follow a logout and a login made in another tab", async ({ expect }) => {
    // A user of its own, so this logout cannot touch the toast test's session.
    const user = await createUser(env.server, { displayName: "Thu" });
    const { page: first, context, errors, assertNoErrors } = await openPage(env.browser);
    await signIn(first, env.server, user.username, user.password);
    const second = await context.newPage();
    second.on("console", (message) => {
      if (message.type() === "error") errors.push(`second tab console: ${message.text()} [${message.location().url}]`);
    });
    second.on("pageerror", (error) => errors.push(`second tab pageerror: ${error.message}`));
    await second.goto(`${env.server.url}/profile`);
    await waitForHydration(first);
    await waitForHydration(second);
    expect(await second.evaluate(() => localStorage.getItem("heirloom:auth"))).toBe(String(user.id));

    // Logging out in the first tab sends the second one to /login, keeping where it was.
    const account = await openMenu(first, "Account menu");
    await Promise.all([
      first.waitForURL((url) => url.pathname === "/login"),
      account.getByRole("button", { name: "Logout" }).click(),
    ]);
    await expect.poll(() => first.evaluate(() => localStorage.getItem("heirloom:auth"))).toBe("anonymous");
    await second.waitForURL((url) => url.pathname === "/login");
    expect(new URL(second.url()).searchParams.get("redirectTo")).toBe("/profile");
    await second.locator("#username").waitFor({ state: "visible" });
    expect(await second.locator("h1").textContent()).toBe("Login");

    // Logging in again in the first tab brings the second one back to the profile.
    await waitForHydration(first);
    await first.fill("#username", user.username);
    await first.fill("#password", user.password);
    await Promise.all([
      first.waitForURL((url) => url.pathname === "/"),
      first.click("button[type=submit]:below(#password)"),
    ]);
    await second.waitForURL((url) => url.pathname === "/profile");
    await second.locator("#profile-form").waitFor({ state: "visible" });
    expect(await second.getByLabel("Display name").inputValue()).toBe("Thu");
    expect(pathOf(first)).toBe("/");
    assertNoErrors();
  });
});
