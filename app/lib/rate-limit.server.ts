type Window = { failures: number; resetAt: number };

export type RateLimiter = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
};

/**
 * Counts failures per key in a fixed window. In memory: one server process is the deployment
 * this project plans for (DESIGN.md), and a restart only forgives a few failures.
 */
export function createRateLimiter({ limit, windowMs, maxKeys = 50_000 }: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, Window>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt > now) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    retryAfter(key) {
      const now = Date.now();
      const w = current(key, now);
      return w && w.failures >= limit ? Math.ceil((w.resetAt - now) / 1000) : 0;
    },
    fail(key) {
      const now = Date.now();
      const w = current(key, now);
      if (w) w.failures++;
      else {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        }
        windows.set(key, { failures: 1, resetAt: now + windowMs });
      }
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
// Per account: stops password guessing against one person. Per client: stops spraying many accounts.
export const loginLimiterByAccount = createRateLimiter({ limit: 10, windowMs: FIFTEEN_MINUTES });
export const loginLimiterByClient = createRateLimiter({ limit: 50, windowMs: FIFTEEN_MINUTES });
