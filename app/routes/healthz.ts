import { sql } from "drizzle-orm";
import { db } from "~db/client.server";

/** 200 when the database answers a query, 503 otherwise. */
export function loader() {
  try {
    db().get(sql`select 1`);
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}
