import { describe, expect, it } from "vitest";
import en from "./en";
import vi from "./vi";

function leaves(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en);
const vietnamese = leaves(vi);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it("have the same keys in English and Vietnamese", () => {
    expect([...vietnamese.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !vietnamese.has(k))).toEqual([]);
  });

  it("have no empty string and the same placeholders in both languages", () => {
    for (const [key, text] of english) {
      expect(text.trim(), `en ${key}`).not.toBe("");
      expect(vietnamese.get(key)!.trim(), `vi ${key}`).not.toBe("");
      expect(placeholders(vietnamese.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it("use the spec's exact strings", () => {
    expect(english.get("login.failedTitle")).toBe("Login failed");
    expect(vietnamese.get("login.failedTitle")).toBe("Đăng nhập thất bại");
    expect(english.get("login.submitting")).toBe("Logging in...");
    expect(english.get("login.checking")).toBe("Checking authentication...");
    expect(english.get("login.usernameOrEmail")).toBe("Username or Email");
    expect(english.get("unauthorized.text")).toBe("You do not have permission to access this page.");
    expect(english.get("unauthorized.returnHome")).toBe("Return to Home");
    expect(english.get("notFound.title")).toBe("404 Page Not Found");
    expect(english.get("nav.noBooks")).toBe("No books available");
    expect(english.get("nav.viewAllBooks")).toBe("View all books");
    expect(english.get("users.usernameMin")).toBe("Username must be at least 3 characters.");
    expect(english.get("users.emailInvalid")).toBe("Please enter a valid email address.");
    expect(english.get("users.passwordMin")).toBe("Password must be at least 6 characters.");
    expect(vietnamese.get("profile.passwordMismatch")).toBe("Mật khẩu không khớp");
    expect(vietnamese.get("profile.updated")).toBe("Cập nhật thành công");
    expect(vietnamese.get("profile.updateFailed")).toBe("Cập nhật thất bại");
    expect(english.get("profile.failedDefault")).toBe("Failed to update profile");
    expect(english.get("admin.never")).toBe("Never");
    expect(english.get("admin.userCreated")).toBe("User created");
    expect(english.get("admin.errorCreating")).toBe("Error creating user");
    expect(vietnamese.get("library.title")).toBe("Thư viện");
    expect(english.get("refine.contentRequired")).toBe("Please enter content to refine.");
    expect(vietnamese.get("refine.missingTitle")).toBe("Thiếu nội dung");
    expect(vietnamese.get("refine.failedTitle")).toBe("Lỗi tinh chỉnh");
    expect(english.get("improvements.contentRequired")).toBe("Please enter content to get improvement suggestions.");
    expect(vietnamese.get("improvements.contentRequired")).toBe(
      "Vui lòng nhập nội dung bản thảo để nhận gợi ý cải thiện.",
    );
    expect(vietnamese.get("improvements.strengthsHeading")).toBe("Điểm mạnh");
    // docs/product.md §2 Admin dashboard
    expect(english.get("admin.contentTab")).toBe("Content Explorer");
    expect(english.get("admin.allLanguages")).toBe("All Languages");
    expect(english.get("admin.allRoles")).toBe("All roles");
    expect(english.get("admin.explorer.noStories")).toBe("No stories");
    expect(english.get("admin.explorer.noTopics")).toBe("No topics");
    expect(english.get("admin.explorer.noBooks")).toBe("No books");
    expect(english.get("admin.previewTitle")).toBe("Topic Preview");
    expect(english.get("admin.previewError")).toBe("Error loading preview. No saved preview was found for this topic.");
    expect(english.get("admin.noPreview")).toBe("No preview available");
    expect(english.get("admin.userDeleted")).toBe("User deleted");
    expect(english.get("admin.errorDeleting")).toBe("Error deleting user");
  });
});
