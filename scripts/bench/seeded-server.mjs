// The real production server on a fresh data dir, seeded with the bench's library (scripts/bench/seed.mjs) and the
// admin signed in: what the page parts (run.mjs) and the variants (variant-bench.mjs) each measure.
import os from "node:os";
import { BENCH_ADMIN_PASSWORD, loginAsAdmin } from "./fixtures.mjs";
import { startHeirloom, tempDir } from "./processes.mjs";
import { seed } from "./seed.mjs";

/**
 * Starts the server of the tree `root` (the project's when omitted), seeds it once it has made its tables and its
 * admin, and signs the admin in. `pages` are the paths measured: /login, /, /books and the newest book's workspace.
 */
export async function startSeededHeirloom({ cpus, label, root }) {
  const dataDir = tempDir(os.tmpdir(), "heirloom-bench-data-");
  const server = await startHeirloom({ dataDir, adminPassword: BENCH_ADMIN_PASSWORD, cpus, label, root });
  try {
    const seeded = seed(dataDir);
    const cookie = await loginAsAdmin(server.url);
    const books = await fetch(new URL("/api/books?limit=1", server.url), { headers: { Cookie: cookie } });
    const [book] = await books.json();
    const pages = { login: "/login", home: "/", books: "/books", workspace: `/books/${book.id}` };
    return { ...server, dataDir, seeded, cookie, pages };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
