import { and, eq, isNull, or } from "drizzle-orm";
import { db } from "~db/client.server";
import { media } from "~db/schema";
import { measureStoredFile } from "./media-storage.server";

/**
 * Measures, once, the media kept before migration 0006: a photo's pixels and a recording's length. Run after
 * start, in the background: each file is read with asynchronous I/O (sharp's and music-metadata's), one at a
 * time, so requests are served meanwhile and a page shows such a photo or recording without its measures
 * until it is done. A recording whose container does not tell its length, or a missing file, stays null and
 * is looked at again on the next start; only such files are.
 */
export async function backfillMediaMeasures(): Promise<number> {
  const rows = await db()
    .select({ id: media.id, type: media.type, storageKey: media.storageKey })
    .from(media)
    .where(
      or(and(eq(media.type, "image"), isNull(media.width)), and(eq(media.type, "audio"), isNull(media.durationMs))),
    );
  let measured = 0;
  for (const row of rows) {
    const measures = await measureStoredFile(row.storageKey, row.type);
    if (measures.width === null && measures.durationMs === null) continue;
    await db().update(media).set(measures).where(eq(media.id, row.id));
    measured += 1;
  }
  return measured;
}
