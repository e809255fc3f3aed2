import { describe, expect, it } from "vitest";
import { DEFAULT_AI_MODEL, DEFAULT_AI_TIMEOUT_MS, DEFAULT_USER_STORAGE_QUOTA_MB, readEnv } from "./env.server";

describe("readEnv: the AI provider", () => {
  it("is offline by default, and openai when a key is set", () => {
    expect(readEnv({})).toMatchObject({
      aiProvider: "offline",
      aiModel: DEFAULT_AI_MODEL,
      aiTimeoutMs: DEFAULT_AI_TIMEOUT_MS,
    });
    expect(readEnv({ OPENAI_API_KEY: "sk-test" }).aiProvider).toBe("openai");
    expect(readEnv({ OPENAI_API_KEY: "", OPENAI_BASE_URL: "" }).aiProvider).toBe("offline");
  });

  it("follows AI_PROVIDER when it is set", () => {
    expect(readEnv({ AI_PROVIDER: "offline", OPENAI_API_KEY: "sk-test" }).aiProvider).toBe("offline");
    const local = readEnv({
      AI_PROVIDER: "openai",
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      AI_MODEL: "llama3.1",
      AI_TIMEOUT_MS: "5000",
      AI_TRANSCRIBE_MODEL: "whisper-1",
    });
    expect(local).toMatchObject({
      aiProvider: "openai",
      aiModel: "llama3.1",
      aiTimeoutMs: 5000,
      OPENAI_BASE_URL: "http://localhost:11434/v1",
      AI_TRANSCRIBE_MODEL: "whisper-1",
    });
  });

  it("refuses a bad value with a message that names the variable and never echoes a secret", () => {
    expect(() => readEnv({ AI_PROVIDER: "gpt" })).toThrow(/AI_PROVIDER must be "offline" or "openai"/);
    expect(() => readEnv({ AI_PROVIDER: "openai" })).toThrow(/OPENAI_API_KEY is needed with AI_PROVIDER=openai/);
    expect(() => readEnv({ OPENAI_BASE_URL: "localhost:11434", OPENAI_API_KEY: "sk-secret" })).toThrow(
      /OPENAI_BASE_URL must be an http\(s\) URL/,
    );
    expect(() => readEnv({ AI_TIMEOUT_MS: "soon" })).toThrow(/AI_TIMEOUT_MS/);
    const error = (() => {
      try {
        readEnv({ OPENAI_BASE_URL: "nope", OPENAI_API_KEY: "sk-secret" });
      } catch (thrown) {
        return String(thrown);
      }
    })();
    expect(error).toContain("Heirloom cannot start");
    expect(error).not.toContain("sk-secret");
  });
});

describe("readEnv: behind a proxy, the site's address, cookies and timings (issue 16)", () => {
  it("trusts no proxy, answers at any host, follows the scheme for Secure and sends no timings by default", () => {
    expect(readEnv({ NODE_ENV: "production" })).toMatchObject({
      trustProxyHops: 0,
      publicUrl: null,
      cookieSecure: "auto",
      serverTiming: false,
    });
    expect(readEnv({ TRUST_PROXY: "", PUBLIC_URL: "", COOKIE_SECURE: "", SERVER_TIMING: "" })).toMatchObject({
      trustProxyHops: 0,
      publicUrl: null,
      cookieSecure: "auto",
      serverTiming: false,
    });
  });

  it("reads TRUST_PROXY as a number of proxies: true is one, never all", () => {
    expect(readEnv({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(readEnv({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(readEnv({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(readEnv({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(readEnv({ TRUST_PROXY: "0" }).trustProxyHops).toBe(0);
    for (const value of ["yes", "loopback", "10.0.0.0/8", "-1", "1.5"])
      expect(() => readEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be "true" \(one proxy\), "false", or the number of proxies/,
      );
  });

  it("keeps PUBLIC_URL's origin, and refuses a path or another scheme naming the variable", () => {
    expect(readEnv({ PUBLIC_URL: "https://Family.Example/" }).publicUrl).toBe("https://family.example");
    expect(readEnv({ PUBLIC_URL: "http://raspberrypi.local:3000" }).publicUrl).toBe("http://raspberrypi.local:3000");
    expect(() => readEnv({ PUBLIC_URL: "https://family.example/heirloom" })).toThrow(
      /PUBLIC_URL must be the site's address without a path/,
    );
    expect(() => readEnv({ PUBLIC_URL: "family.example" })).toThrow(
      /PUBLIC_URL must be the site's address, such as https:\/\/family.example/,
    );
    expect(() => readEnv({ PUBLIC_URL: "ftp://family.example" })).toThrow(/PUBLIC_URL/);
  });

  it("reads COOKIE_SECURE and SERVER_TIMING", () => {
    expect(readEnv({ COOKIE_SECURE: "true" }).cookieSecure).toBe("always");
    expect(readEnv({ COOKIE_SECURE: "false" }).cookieSecure).toBe("never");
    expect(() => readEnv({ COOKIE_SECURE: "yes" })).toThrow(/COOKIE_SECURE must be "true" or "false"/);
    expect(readEnv({ SERVER_TIMING: "1" }).serverTiming).toBe(true);
    expect(readEnv({ SERVER_TIMING: "0" }).serverTiming).toBe(false);
    expect(() => readEnv({ SERVER_TIMING: "on" })).toThrow(/SERVER_TIMING must be "1" or "0"/);
  });
});

describe("readEnv: the storage quota", () => {
  it("is 2 GB a user by default, USER_STORAGE_QUOTA_MB megabytes when set, and off at 0", () => {
    expect(readEnv({}).storageQuotaBytes).toBe(DEFAULT_USER_STORAGE_QUOTA_MB * 1024 * 1024);
    expect(DEFAULT_USER_STORAGE_QUOTA_MB).toBe(2048);
    expect(readEnv({ USER_STORAGE_QUOTA_MB: "500" }).storageQuotaBytes).toBe(500 * 1024 * 1024);
    expect(readEnv({ USER_STORAGE_QUOTA_MB: "" }).storageQuotaBytes).toBe(2048 * 1024 * 1024);
    expect(readEnv({ USER_STORAGE_QUOTA_MB: "0" }).storageQuotaBytes).toBeNull();
  });

  it("refuses anything but a whole number of megabytes, naming the variable", () => {
    for (const bad of ["2GB", "-1", "1.5", "lots"])
      expect(() => readEnv({ USER_STORAGE_QUOTA_MB: bad }), bad).toThrow(
        /USER_STORAGE_QUOTA_MB must be a whole number of megabytes/,
      );
  });
});
