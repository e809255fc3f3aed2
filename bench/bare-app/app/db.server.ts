import Database from "better-sqlite3";

// The signed-in reference's database, which the bench creates and seeds (scripts/bench/bare-seed.mjs) and names in
// BARE_APP_DB. Opened on the first request, so that the static pages serve without it; nothing read is kept.
let statements: ReturnType<typeof prepare> | undefined;

function prepare() {
  const file = process.env.BARE_APP_DB;
  if (!file) throw new Error("BARE_APP_DB is not set: the bench names the signed-in reference's database");
  const db = new Database(file, { fileMustExist: true });
  db.pragma("journal_mode = WAL");
  return {
    session: db.prepare<[string, number], { id: number; name: string }>(
      "SELECT users.id, users.display_name AS name FROM sessions JOIN users ON users.id = sessions.user_id " +
        "WHERE sessions.id = ? AND sessions.expires_at > ?",
    ),
    books: db.prepare<
      [number],
      { id: number; title: string; description: string; updatedAt: number; storyCount: number }
    >(
      "SELECT books.id, books.title, books.description, books.updated_at AS updatedAt, " +
        "(SELECT count(*) FROM stories WHERE stories.book_id = books.id) AS storyCount " +
        "FROM books WHERE books.user_id = ? ORDER BY books.updated_at DESC LIMIT 100",
    ),
  };
}

function db() {
  statements ??= prepare();
  return statements;
}

/** The signed-in user of the request's `sid` cookie, or null. */
export function userOf(request: Request) {
  const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  return sid ? (db().session.get(sid, Date.now()) ?? null) : null;
}

/** The user's 100 most recently updated books, each with its number of stories. */
export function booksOf(userId: number) {
  return db().books.all(userId);
}
