import { inArray } from "drizzle-orm";
import { db } from "~db/client.server";
import { storytellerLinks } from "~db/schema";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import { readBookContent, type BookContent } from "./book-content.server";

/** A book as it is printed, with how each storyteller's page addressed her, for the voice codes' lines. */
export type PrintableBook = BookContent & { addresses: Map<number, StorytellerAddress> };

/**
 * What the printed book holds (issue 19): completed stories in topics that are not archived, in book order, and the
 * topics that have any. Drafts, and a storyteller's answers waiting for the family, are never printed. Reads the book
 * by id: callers check who may print it.
 */
export async function printableBook(bookId: number): Promise<PrintableBook | null> {
  const content = await readBookContent(bookId, { publishedOnly: true });
  if (!content) return null;
  const linkIds = [
    ...new Set(content.topics.flatMap((topic) => topic.stories.flatMap((story) => story.storytellerLinkId ?? []))),
  ];
  const links = linkIds.length
    ? await db()
        .select({ id: storytellerLinks.id, address: storytellerLinks.address })
        .from(storytellerLinks)
        .where(inArray(storytellerLinks.id, linkIds))
    : [];
  const byLink = new Map(links.map((link) => [link.id, link.address]));
  const addresses = new Map<number, StorytellerAddress>();
  for (const topic of content.topics)
    for (const story of topic.stories) {
      const address = story.storytellerLinkId ? byLink.get(story.storytellerLinkId) : undefined;
      if (address) addresses.set(story.id, address);
    }
  return { ...content, addresses };
}
