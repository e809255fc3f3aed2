import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("rate limiter", () => {
  it("blocks a key after the limit of attempts and forgives it on reset", () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("a")).toBe(0);
      limiter.take("a");
    }
    expect(limiter.retryAfter("a")).toBeGreaterThan(0);
    expect(limiter.retryAfter("b")).toBe(0);
    limiter.reset("a");
    expect(limiter.retryAfter("a")).toBe(0);
  });

  it("gives back one attempt, and never below none", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    limiter.take("a");
    limiter.take("a");
    expect(limiter.retryAfter("a")).toBeGreaterThan(0);
    limiter.giveBack("a");
    expect(limiter.retryAfter("a")).toBe(0);
    limiter.giveBack("a");
    limiter.giveBack("a");
    limiter.take("a");
    expect(limiter.retryAfter("a")).toBe(0);
    limiter.take("a");
    expect(limiter.retryAfter("a")).toBeGreaterThan(0);
  });

  it("forgets failures once the window has passed", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: -1 });
    limiter.take("a");
    expect(limiter.retryAfter("a")).toBe(0);
  });

  it("stays bounded in memory", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 10 });
    for (let i = 0; i < 100; i++) limiter.take(`k${i}`);
    expect(limiter.retryAfter("k99")).toBeGreaterThan(0);
    expect(limiter.retryAfter("k0")).toBe(0);
  });
});
