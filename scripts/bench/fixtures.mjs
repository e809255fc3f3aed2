// What the bench's seeds and runs share: deterministic filler text and the admin's sign-in.

export const BENCH_ADMIN_PASSWORD = "bench-admin-password-1";

const WORDS = (
  "grandmother kitchen village river harvest letter photograph winter school market wedding bicycle war " +
  "garden rice festival train journey mother father brother sister uncle morning evening rain song house " +
  "street childhood memory story remember laughed walked carried learned moved built waited promised"
).split(" ");

/** A small deterministic generator, so that every run seeds the same data. */
export function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` words of family-story vocabulary, capitalised. */
export function words(rng, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(WORDS[Math.floor(rng() * WORDS.length)]);
  const text = out.join(" ");
  return text[0].toUpperCase() + text.slice(1);
}

/** `count` paragraphs of 40 to 100 words. */
export function paragraphs(rng, count) {
  return Array.from({ length: count }, () => `${words(rng, 40 + Math.floor(rng() * 60))}.`).join("\n\n");
}

/** Signs the admin in through the API; returns the session's Cookie header. */
export async function loginAsAdmin(origin, password = BENCH_ADMIN_PASSWORD) {
  const response = await fetch(new URL("/api/auth/login", origin), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ username: "admin", password, rememberMe: false }),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("login set no cookie");
  return cookie;
}
