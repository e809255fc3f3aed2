import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { openPage, serverAndBrowser } from "../support/browser";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD } from "../support/server";
import { createUser, fieldShown, waitForHydration } from "./helpers";

// Every form goes through conform (ADR 25), not only the login form (tests/e2e/form-fields.test.ts): the
// admin's user dialog, the book dialog, the story and topic editors, the custom question. An invalid field
// says so to assistive technology in the page's language, with and without JavaScript; with it, the browser
// checks the fields once the schemas have loaded, nothing invalid is posted, and focus goes to the first
// invalid field, also after the server refused a post.
const env = serverAndBrowser();

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

/** Signs the browser context in through the API; a page without JavaScript cannot wait for hydration. */
async function signInTo(page: Page, username: string, password: string, path: string) {
  const response = await page
    .context()
    .request.post(`${env.server.url}/api/auth/login`, { data: { username, password, rememberMe: false } });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()}`);
  await page.goto(`${env.server.url}${path}`);
}

/** A user with a book (in `language`), one topic and one story in it, made through the API. */
async function userWithBook(language: "en" | "vi") {
  const user = await createUser(env.server);
  const client = createClient(env.server.url);
  await loginAs(client, user.username, user.password);
  const book = (await (await client.json("POST", "/api/books", { title: "Quê nội", language })).json()) as {
    id: number;
  };
  const topic = (await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ", description: "" })
  ).json()) as { id: number };
  const story = (await (
    await client.json("POST", `/api/topics/${topic.id}/stories`, {
      title: "Con đò",
      content: "Bà kể.",
      status: "draft",
    })
  ).json()) as { id: number };
  return { user, bookId: book.id, topicId: topic.id, storyId: story.id };
}

/** Records whether the page posts anything from now on. */
function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

describe.concurrent("forms through conform", () => {
  it("without JavaScript (vi-VN): the admin's new-user dialog ties the server's messages to its fields", async ({
    expect,
  }) => {
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false, locale: "vi-VN" });
    await signInTo(page, "admin", ADMIN_PASSWORD, "/admin?tab=users&dialog=add-user");
    await page.fill("#username", "ab");
    await page.fill("#email", "not-an-address");
    await page.fill("#password", "123");
    // The answer is a new document: wait for it to load, not for the one already there.
    await Promise.all([page.waitForEvent("load"), page.locator("dialog button[type=submit]").click()]);
    expect(await fieldShown(page, "username")).toEqual({ invalid: "true", message: vi.users.usernameMin });
    expect(await fieldShown(page, "email")).toEqual({ invalid: "true", message: vi.users.emailInvalid });
    expect(await fieldShown(page, "password")).toEqual({ invalid: "true", message: vi.users.passwordMin });
    expect(await fieldShown(page, "displayName")).toEqual({ invalid: null, message: null });
    // What was typed comes back, the password never does.
    expect(await page.inputValue("#username")).toBe("ab");
    expect(await page.inputValue("#email")).toBe("not-an-address");
    expect(await page.inputValue("#password")).toBe("");
    assertNoErrors([{ path: "/admin", status: 400 }]);
  });

  it("without JavaScript: a book's title cleared in the edit dialog comes back blank, beside its message", async ({
    expect,
  }) => {
    const { user, bookId } = await userWithBook("en");
    const { page, assertNoErrors } = await openPage(env.browser, { javaScriptEnabled: false });
    await signInTo(page, user.username, user.password, `/books/${bookId}?dialog=edit-book`);
    expect(await page.inputValue("#title")).toBe("Quê nội");
    await page.fill("#title", "");
    await page.fill("#tone", "warm and slow");
    // The answer is a new document: wait for it to load, not for the one already there.
    await Promise.all([page.waitForEvent("load"), page.locator("dialog button[type=submit]").click()]);
    expect(await fieldShown(page, "title")).toEqual({ invalid: "true", message: en.books.titleRequired });
    // Blank as it was posted, not the saved title again; the other fields keep what was typed.
    expect(await page.inputValue("#title")).toBe("");
    expect(await page.inputValue("#tone")).toBe("warm and slow");
    assertNoErrors([{ path: `/books/${bookId}`, status: 400 }]);
  });

  it("with JavaScript: the admin's dialog checks a field when left; a name taken is said beside it", async ({
    expect,
  }) => {
    const taken = await createUser(env.server);
    const { page, assertNoErrors } = await openPage(env.browser);
    await signInTo(page, "admin", ADMIN_PASSWORD, "/admin?tab=users&dialog=add-user");
    await waitForHydration(page);
    await page.locator('dialog form[data-validates="browser"]').waitFor();
    const posts = watchPosts(page);

    await page.fill("#email", "nobody");
    await page.press("#email", "Tab");
    await expect.poll(() => fieldShown(page, "email")).toEqual({ invalid: "true", message: en.users.emailInvalid });
    await page.fill("#email", "nobody@example.com");
    await expect.poll(() => fieldShown(page, "email")).toEqual({ invalid: null, message: null });
    // An invalid form is not posted: the first invalid field has the focus.
    await page.locator("dialog button[type=submit]").click();
    await expect.poll(() => fieldShown(page, "username")).toEqual({ invalid: "true", message: en.users.usernameMin });
    expect(await focused(page)).toBe("username");
    expect(posts).toEqual([]);

    // A username already taken is only known to the server: its answer puts the message beside the field.
    await page.fill("#username", taken.username);
    await page.fill("#password", "long-enough-secret");
    await page.focus("#displayName");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.locator("dialog button[type=submit]").click(),
    ]);
    expect(answer.status()).toBe(409);
    await expect.poll(() => fieldShown(page, "username")).toEqual({ invalid: "true", message: en.users.usernameTaken });
    await expect.poll(() => focused(page)).toBe("username");
    assertNoErrors([{ path: "/admin.data", status: 409 }]);
  });

  it("with JavaScript (vi-VN): the story editor and the custom question check their fields in the page", async ({
    expect,
  }) => {
    const { user, bookId, topicId } = await userWithBook("vi");
    const { page, assertNoErrors } = await openPage(env.browser, { locale: "vi-VN" });
    const here = `/books/${bookId}?openEditor=story&topicId=${topicId}`;
    await signInTo(page, user.username, user.password, `${here}&addQuestion=1`);
    await waitForHydration(page);
    const question = page.locator("dialog form");
    await question.and(page.locator('[data-validates="browser"]')).waitFor();
    const posts = watchPosts(page);
    await question.locator("button[type=submit]").click();
    await expect
      .poll(() => fieldShown(page, "custom-question"))
      .toEqual({ invalid: "true", message: vi.questions.blank });
    expect(await focused(page)).toBe("custom-question");
    expect(posts).toEqual([]);

    await page.goto(`${env.server.url}${here}`);
    await waitForHydration(page);
    const story = page.locator("form:has(input[name=intent][value='story:save'])");
    await story.and(page.locator('[data-validates="browser"]')).waitFor();
    // Left with nothing typed, the empty title says nothing yet: a message there moved the buttons under the pointer.
    await story.locator("#title").focus();
    await story.locator("#title").press("Tab");
    expect(await fieldShown(page, "title")).toEqual({ invalid: null, message: null });
    await story.locator("#title").fill("Ngày xưa");
    await story.locator("#title").fill("");
    await story.locator("#title").press("Tab");
    await expect.poll(() => fieldShown(page, "title")).toEqual({ invalid: "true", message: vi.stories.titleRequired });
    await story.locator("button[value=draft]").click();
    expect(await focused(page)).toBe("title");
    expect(posts).toEqual([]);
    assertNoErrors();
  });

  it("with JavaScript: the media tab's forms check a photo and a description before anything is sent", async ({
    expect,
  }) => {
    const { user, bookId, storyId } = await userWithBook("en");
    const { page, assertNoErrors } = await openPage(env.browser);
    await signInTo(page, user.username, user.password, `/books/${bookId}?storyId=${storyId}&tab=media`);
    await waitForHydration(page);
    const upload = page.locator("form.upload-photo");
    await upload.and(page.locator('[data-validates="browser"]')).waitFor();
    const posts = watchPosts(page);
    await upload.locator("button[type=submit]").click();
    await expect.poll(() => fieldShown(page, "media-file")).toEqual({ invalid: "true", message: en.media.notImage });
    expect(await focused(page)).toBe("media-file");
    // A description longer than the field allows (set by a script, past its maxLength) is refused as it changes:
    // the try to upload checked every field, so each is checked again as it is typed in.
    await page.evaluate(() => {
      const input = document.getElementById("media-new-description") as HTMLInputElement;
      input.value = "x".repeat(600);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await expect
      .poll(() => fieldShown(page, "media-new-description"))
      .toEqual({ invalid: "true", message: en.media.descriptionTooLong });
    expect(posts).toEqual([]);
    assertNoErrors();
  });
});
