import { sql } from "drizzle-orm";
import { selectRows } from "~db/client.server";

/** 200 when the database answers a query, 503 otherwise. */
export async function loader() {
  try {
    await selectRows(sql`select 1`);
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}
