type Window = { count: number; resetAt: number };

export type RateLimiter = {
  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  /** Counts one attempt for `key`. */
  take(key: string): void;
  /** Uncounts one attempt taken for `key`: one that turned out not to count against it (a success). */
  giveBack(key: string): void;
  /** Forgets every attempt of `key`. */
  reset(key: string): void;
};

/**
 * Counts attempts per key in a fixed window. In memory: one server process is the deployment this
 * project plans for (docs/architecture.md, Conventions), and a restart only forgives a few attempts. The callers check
 * and
 * count in one synchronous step (app/lib/login-throttle.server.ts), which a shared store would have
 * to make one atomic statement.
 */
export function createRateLimiter({
  limit,
  windowMs,
  maxKeys = 50_000,
}: {
  limit: number;
  windowMs: number;
  maxKeys?: number;
}): RateLimiter {
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
      return w && w.count >= limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
    },
    take(key) {
      const now = Date.now();
      const w = current(key, now);
      if (w) w.count++;
      else {
        if (windows.size >= maxKeys) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        }
        windows.set(key, { count: 1, resetAt: now + windowMs });
      }
    },
    giveBack(key) {
      const w = current(key, Date.now());
      if (w && w.count > 0) w.count--;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
