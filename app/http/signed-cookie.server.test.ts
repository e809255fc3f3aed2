import { describe, expect, it } from "vitest";
import { readCookie, signedCookie } from "./signed-cookie.server";

const cookie = signedCookie({ name: "c", secret: () => "s3cret-s3cret-s3cret" });
const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("signed cookies", () => {
  it("round-trips a value and sets the attributes", () => {
    const set = cookie.serialize("héllo", { maxAge: 60 });
    expect(set).toMatch(/^c=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60$/);
    expect(cookie.read(`other=1; ${header(set)}`)).toBe("héllo");
  });

  it("refuses a tampered value, a value signed with another secret, and garbage", () => {
    const set = header(cookie.serialize("user-1"));
    const [payload, signature] = set.slice(2).split(".");
    const forged = Buffer.from("user-2").toString("base64url");
    expect(cookie.read(`c=${forged}.${signature}`)).toBeNull();
    const other = signedCookie({ name: "c", secret: () => "another-secret-value" });
    expect(other.read(set)).toBeNull();
    expect(cookie.read(`c=${payload}`)).toBeNull();
    expect(cookie.read("c=.")).toBeNull();
    expect(cookie.read(null)).toBeNull();
  });

  it("clears with Max-Age=0 and reads one cookie among many", () => {
    expect(cookie.clear()).toContain("Max-Age=0");
    expect(readCookie("a=1; b=2=3;c=4", "b")).toBe("2=3");
    expect(readCookie("a=1", "b")).toBeNull();
  });
});
