import { describe, expect, it } from "vitest";
import { pagePath } from "./page-url";

describe("pagePath", () => {
  it("is the page behind a data request, without React Router's _routes parameter", () => {
    expect(pagePath(new Request("http://x/admin.data?dialog=edit-user&id=2&_routes=root%2Croutes%2Fadmin"))).toBe(
      "/admin?dialog=edit-user&id=2",
    );
    expect(pagePath(new Request("http://x/_.data?_routes=root%2Croutes%2Fhome"))).toBe("/");
    expect(pagePath(new Request("http://x/profile.data"))).toBe("/profile");
  });

  it("leaves a document request as it is", () => {
    expect(pagePath(new Request("http://x/admin?sort=email&dir=asc"))).toBe("/admin?sort=email&dir=asc");
    expect(pagePath(new Request("http://x/"))).toBe("/");
  });
});
