import { describe, expect, it } from "vitest";
import {
  bookReturnPath,
  createUserSchema,
  loginSchema,
  profileSchema,
  storySchema,
  suggestedTopicsFormSchema,
  suggestTopicsSchema,
  updateUserSchema,
} from "./validation";
import { parseSubmission, replyTo } from "./submission";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("form schemas", () => {
  it("login needs both fields and reads the checkbox", () => {
    expect(firstMessage(loginSchema.safeParse({ username: " ", password: "x" }))).toBe("login.usernameRequired");
    expect(firstMessage(loginSchema.safeParse({ username: "a" }))).toBe("login.passwordRequired");
    expect(loginSchema.parse({ username: "a", password: "b", rememberMe: "on" }).rememberMe).toBe(true);
    expect(loginSchema.parse({ username: "a", password: "b" }).rememberMe).toBe(false);
  });

  it("create-user uses the spec's rules", () => {
    expect(firstMessage(createUserSchema.safeParse({ username: "ab", email: "a@b.co", password: "secret" }))).toBe(
      "users.usernameMin",
    );
    expect(firstMessage(createUserSchema.safeParse({ username: "abc", email: "nope", password: "secret" }))).toBe(
      "users.emailInvalid",
    );
    expect(firstMessage(createUserSchema.safeParse({ username: "abc", email: "a@b.co", password: "12345" }))).toBe(
      "users.passwordMin",
    );
    expect(
      createUserSchema.parse({ username: "abc", email: "a@b.co", password: "123456", displayName: "  Bà Lan " })
        .displayName,
    ).toBe("Bà Lan");
  });

  it("a story's title is one line: the line breaks its wrapping field may post become spaces", () => {
    const story = (title: string) => storySchema.safeParse({ title, content: "x" });
    expect(story("  Ngôi nhà nơi lớn lên\r\n hồi nhỏ  ").data?.title).toBe("Ngôi nhà nơi lớn lên hồi nhỏ");
    expect(firstMessage(story(" \n "))).toBe("stories.titleRequired");
    expect(story("x".repeat(301)).success).toBe(false);
  });

  it("suggest-topics takes an optional, trimmed topic title", () => {
    expect(suggestTopicsSchema.parse({ title: "Book", topicTitle: "  Tết " }).topicTitle).toBe("Tết");
    expect(suggestTopicsSchema.parse({ title: "Book" }).topicTitle).toBeUndefined();
    expect(suggestTopicsSchema.safeParse({ title: "Book", topicTitle: "x".repeat(201) }).success).toBe(false);
  });

  it("edit-user treats a blank password as absent", () => {
    expect(updateUserSchema.parse({ username: "abc", email: "a@b.co", password: "" }).password).toBeUndefined();
    expect(firstMessage(updateUserSchema.safeParse({ username: "abc", email: "a@b.co", password: "123" }))).toBe(
      "users.passwordMin",
    );
  });

  it("profile checks the confirmation and the current password", () => {
    expect(
      firstMessage(
        profileSchema.safeParse({ newPassword: "secret1", confirmPassword: "secret2", currentPassword: "x" }),
      ),
    ).toBe("profile.passwordMismatch");
    expect(firstMessage(profileSchema.safeParse({ newPassword: "secret1", confirmPassword: "secret1" }))).toBe(
      "profile.currentRequired",
    );
    expect(profileSchema.safeParse({ displayName: "Bà Lan" }).success).toBe(true);
  });

  it("refuses invisible and format characters in a username, as typed", () => {
    for (const username of ["admin\u200b", "\u202eadmin", "adm\u00adin", "admin\ufeff", "ad\u2060min"]) {
      expect(
        firstMessage(createUserSchema.safeParse({ username, email: "a@b.co", password: "secret1" })),
        JSON.stringify(username),
      ).toBe("users.usernameInvisible");
      expect(firstMessage(updateUserSchema.safeParse({ username, email: "a@b.co" })), JSON.stringify(username)).toBe(
        "users.usernameInvisible",
      );
    }
    expect(createUserSchema.parse({ username: " Bà Lan ", email: "a@b.co", password: "secret1" }).username).toBe(
      "Bà Lan",
    );
  });

  it("reads an email typed in full-width letters as the plain address", () => {
    expect(
      createUserSchema.parse({ username: "abc", email: "ｌａｎ＠ｅｘａｍｐｌｅ．ｃｏｍ", password: "secret1" }).email,
    ).toBe("lan@example.com");
    expect(profileSchema.parse({ email: "ｌａｎ@example.com" }).email).toBe("lan@example.com");
  });

  it("returns into one book's pages only", () => {
    expect(bookReturnPath("/books/12?openEditor=story&topicId=3", 12)).toBe("/books/12?openEditor=story&topicId=3");
    expect(bookReturnPath("/books/12", 12)).toBe("/books/12");
    expect(bookReturnPath("/books/12/topics/3", 12)).toBe("/books/12/topics/3");
    expect(bookReturnPath("/books/123", 12)).toBeNull();
    expect(bookReturnPath("/books/12/../13", 12)).toBeNull();
    expect(bookReturnPath("//evil.example/books/12", 12)).toBeNull();
    expect(bookReturnPath("https://evil.example/books/12", 12)).toBeNull();
    expect(bookReturnPath("/\\evil.example", 12)).toBeNull();
    expect(bookReturnPath("/admin", 12)).toBeNull();
    expect(bookReturnPath(undefined, 12)).toBeNull();
  });
});

describe("the suggest-topics dialog's form", () => {
  const rows = (intent: string, ...list: [string, string, boolean][]) => {
    const form = new FormData();
    form.set("intent", intent);
    list.forEach(([title, description, selected], i) => {
      form.set(`topics[${i}].title`, title);
      form.set(`topics[${i}].description`, description);
      if (selected) form.set(`topics[${i}].selected`, "on");
    });
    return parseSubmission(form, suggestedTopicsFormSchema);
  };

  it("reads the rows in order, with their checkboxes", () => {
    const submission = rows("save", ["A", "a", true], ["B", "", false]);
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value.topics).toEqual([
        { title: "A", description: "a", selected: true },
        { title: "B", description: "", selected: false },
      ]);
  });

  it("saves only with a topic chosen, and only chosen topics with a title", () => {
    expect(replyTo(rows("save", ["A", "", false])).error).toEqual({ "": ["suggest.selectAtLeastOne"] });
    expect(replyTo(rows("save", ["A", "", true], [" ", "", true], ["", "", false])).error).toEqual({
      "topics[1].title": ["suggest.titleRequired"],
    });
  });

  it("takes the list as it is for the other intents, an empty one too", () => {
    expect(rows("regenerate", ["", "", false]).status).toBe("success");
    expect(rows("edit:add").status).toBe("success");
  });
});
