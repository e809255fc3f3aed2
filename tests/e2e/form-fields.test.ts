import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { openPage, serverAndBrowser } from "../support/browser";
import { ADMIN_PASSWORD } from "../support/server";
import { fieldShown, waitForHydration } from "./helpers";

// The forms go through conform (ADR 25): an invalid field says so to assistive technology (aria-invalid, and
// aria-describedby naming its message), in the user's language, with and without JavaScript; with it, the
// browser checks a field when it is left, and focus goes to the first invalid field after a failed post.
const env = serverAndBrowser();

/** The login form's post: to /login without JavaScript, to React Router's /login.data with it. */
const postOf = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && /^\/login(\.data)?$/.test(new URL(r.url()).pathname));

describe.concurrent("the login form's fields", () => {
  for (const [locale, messages] of [
    ["en-US", en],
    ["vi-VN", vi],
  ] as const) {
    it(`without JavaScript (${locale}): the server's messages are tied to the fields`, async ({ expect }) => {
      const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false, locale });
      await page.goto(`${env.server.url}/login`);
      // The answer is a new document: wait for it to load, not for the one already there.
      const [posted] = await Promise.all([
        postOf(page),
        page.waitForEvent("load"),
        page.click("button[type=submit]:below(#password)"),
      ]);
      expect(posted.status()).toBe(400);
      expect(await fieldShown(page, "username")).toEqual({ invalid: "true", message: messages.login.usernameRequired });
      expect(await fieldShown(page, "password")).toEqual({ invalid: "true", message: messages.login.passwordRequired });

      // What was typed comes back, the password never does.
      await page.fill("#username", "lan");
      const [again] = await Promise.all([
        postOf(page),
        page.waitForEvent("load"),
        page.click("button[type=submit]:below(#password)"),
      ]);
      expect(again.status()).toBe(400);
      expect(await page.inputValue("#username")).toBe("lan");
      expect(await fieldShown(page, "username")).toEqual({ invalid: null, message: null });
      expect(await fieldShown(page, "password")).toEqual({ invalid: "true", message: messages.login.passwordRequired });
      assertNoErrors([{ path: "/login", status: 400 }]);
    });
  }

  it(
    "with JavaScript: a field typed in is checked when it is left and " +
      "again as it is typed in, and an invalid form is not posted",
    async ({ expect }) => {
      const { page, assertNoErrors } = await openPage(env.browser);
      const schemas = page.waitForResponse((r) => new URL(r.url()).pathname.includes("/client-validation-"));
      await page.goto(`${env.server.url}/login`);
      await waitForHydration(page);
      expect((await schemas).status()).toBe(200);
      // The schemas arrive after hydration; the form says when conform has them.
      await page.waitForSelector("form[data-validates=browser]");

      // Left with nothing typed, a field says nothing yet: a message would move the next field under the pointer.
      await page.focus("#username");
      await page.keyboard.press("Tab");
      expect(await fieldShown(page, "username")).toEqual({ invalid: null, message: null });
      // Typed in, emptied and left, it says what is missing.
      await page.type("#username", "l");
      await page.keyboard.press("Backspace");
      await page.keyboard.press("Tab");
      await expect
        .poll(() => fieldShown(page, "username"))
        .toEqual({ invalid: "true", message: en.login.usernameRequired });
      await page.type("#username", "lan");
      await expect.poll(() => fieldShown(page, "username")).toEqual({ invalid: null, message: null });

      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST") posted = true;
      });
      await page.click("button[type=submit]:below(#password)");
      await expect
        .poll(() => fieldShown(page, "password"))
        .toEqual({ invalid: "true", message: en.login.passwordRequired });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("password");
      expect(posted).toBe(false);
      assertNoErrors();
    },
  );

  it(
    "with JavaScript: what is typed before the page hydrates, " + "or before its schemas arrive, is kept, and signs in",
    async ({ expect }) => {
      const { page, context, assertNoErrors } = await openPage(env.browser);
      // The scripts are held back while the name is typed, and the schemas while the password is, as on a slow phone.
      const gate = () => {
        let open: () => void = () => {};
        const opened = new Promise<void>((resolve) => (open = resolve));
        return { open, opened };
      };
      const scripts = gate();
      const schemas = gate();
      await context.route(/\/assets\/.*\.js$/, async (route) => {
        await (route.request().url().includes("/client-validation-") ? schemas.opened : scripts.opened);
        await route.continue();
      });
      await page.goto(`${env.server.url}/login`, { waitUntil: "domcontentloaded" });
      await page.fill("#username", "admin");
      scripts.open();
      await waitForHydration(page);
      await page.fill("#password", ADMIN_PASSWORD);
      schemas.open();
      await page.waitForSelector("form[data-validates=browser]");
      expect([await page.inputValue("#username"), await page.inputValue("#password")]).toEqual([
        "admin",
        ADMIN_PASSWORD,
      ]);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/login")),
        page.click("button[type=submit]:below(#password)"),
      ]);
      expect(new URL(page.url()).pathname).toBe("/");
      assertNoErrors();
    },
  );

  it(
    "with JavaScript but without the schemas (they failed to load): " +
      "the server checks, and focus goes to the first invalid field",
    async ({ expect }) => {
      const { page, context, assertNoErrors } = await openPage(env.browser);
      let chunk = "";
      await context.route(/\/client-validation-[^/]*\.js$/, (route) => {
        chunk = new URL(route.request().url()).pathname;
        return route.fulfill({ status: 503, body: "" });
      });
      await page.goto(`${env.server.url}/login`);
      await waitForHydration(page);
      // The chunk's refusal has been handled: the form stays with the server's checks.
      await expect.poll(() => chunk).not.toBe("");
      expect(await page.getAttribute("form[data-validates]", "data-validates")).toBe("server");
      await page.fill("#password", "secret");
      const [posted] = await Promise.all([postOf(page), page.click("button[type=submit]:below(#password)")]);
      expect(posted.status()).toBe(400);
      await expect
        .poll(() => fieldShown(page, "username"))
        .toEqual({ invalid: "true", message: en.login.usernameRequired });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("username");
      expect(await fieldShown(page, "password")).toEqual({ invalid: null, message: null });
      assertNoErrors([
        { path: "/login.data", status: 400 },
        { path: chunk, status: 503 },
      ]);
    },
  );
});
