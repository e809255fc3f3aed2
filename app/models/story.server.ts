import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { db, prepared, selectRows, statementOnItsOwn, type Tx, transaction } from "~db/client.server";
import { outerColumn } from "~db/correlated";
import { containsPattern, searchContains } from "~db/filters";
import { nextPosition, savePositions } from "~db/positions";
import { books, media, questions, stories, topics, type Story } from "~db/schema";
import { databaseDialect } from "~db/dialect";
import { isForeignKeyViolation } from "~db/errors";
import { AppError } from "~/lib/errors";
import { type ActivityInput, bookChangeAfter, inBookChange, logBookChange } from "./activity.server";
import { ownedTopic, sameSet } from "./topic.server";

const EXCERPT_SOURCE_CHARS = 200;

/** Stories across the user's books for the library: searched, filtered by book, last worked on first, bounded. */
export async function listLibraryStories({
  userId,
  search,
  bookId,
  limit,
}: {
  userId: number;
  search?: string;
  bookId?: number;
  limit: number;
}) {
  // A prepared statement per kind of filter: without a search or a book (every plain visit of /books) the count
  // and the sort read only the stories(user_id, updated_at, id) index, never the stories' rows nor the user's books.
  const variant = `${search ? "search" : "all"}:${bookId === undefined ? "any-book" : "one-book"}`;
  const where = and(
    eq(stories.userId, sql.placeholder("userId")),
    bookId === undefined ? undefined : eq(stories.bookId, sql.placeholder("bookId")),
    search ? searchContains([stories.title, stories.content, stories.refinedContent], "pattern") : undefined,
  );
  const page = prepared(`listLibraryStories:${variant}`, (client) => {
    // Cut on ids alone (read in order from the index), then read just those rows: sorting whole stories would
    // carry every story's text through the sort.
    const ids = client
      .select({ id: stories.id })
      .from(stories)
      .where(where)
      .orderBy(desc(stories.updatedAt), desc(stories.id))
      .limit(sql.placeholder("limit"));
    const text = sql`coalesce(nullif(${stories.refinedContent}, ''), ${stories.content})`;
    return client
      .select({
        id: stories.id,
        title: stories.title,
        // The card shows 150 characters: only a little more than that leaves the database.
        excerpt: sql<string>`substr(${text}, 1, ${EXCERPT_SOURCE_CHARS})`,
        status: stories.status,
        createdAt: stories.createdAt,
        updatedAt: stories.updatedAt,
        bookId: stories.bookId,
        bookTitle: books.title,
        topicId: stories.topicId,
        topicTitle: topics.title,
      })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .innerJoin(topics, eq(topics.id, stories.topicId))
      .where(inArray(stories.id, ids))
      .orderBy(desc(stories.updatedAt), desc(stories.id));
  });
  const total = prepared(`countLibraryStories:${variant}`, (client) =>
    client.select({ n: count() }).from(stories).where(where),
  );
  const args = { userId, bookId, limit, ...(search ? { pattern: containsPattern(search) } : {}) };
  return { stories: await page.execute(args), total: (await total.execute(args))[0]?.n ?? 0 };
}

export type StoryInput = {
  title: string;
  content: string;
  questionId?: number;
  status: "draft" | "published";
  /**
   * A recording came with this save and is kept right after it (the story form's, or an answer's at a door): the
   * story may be saved without text. Its hasAudio and hasImages are never the caller's: they follow the media it has
   * (`syncStoryFlags`), none at creation.
   */
  recordingAttached?: boolean;
  /**
   * The AI-refined text (refinementFor). Left out on an update, the stored one is kept while the content
   * is unchanged and dropped when it changes: it would no longer be a refinement of this text.
   */
  refinedContent?: string | null;
};

export async function ownedStory(tx: Tx, storyId: number, userId: number): Promise<Story> {
  const row = (await tx.select({ story: stories }).from(stories).where(storyOf({ storyId, userId })))[0];
  if (!row) throw new AppError(404, "stories.notFound");
  return row.story;
}

/** A story to save: the user's, and when a page of one book saves it, that book's (another book's is a 404 too). */
export type StoryTarget = { storyId: number; userId: number; bookId?: number };

const column = (name: string) => outerColumn("stories", name);

/** The row of the story a target names, as a condition on `stories`: its id, its book's owner, the page's book. */
function storyOf({ storyId, userId, bookId }: StoryTarget): SQL {
  return and(
    eq(stories.id, storyId),
    sql`${column("book_id")} in (select ${books.id} from ${books} where ${books.userId} = ${userId})`,
    bookId === undefined ? undefined : eq(stories.bookId, bookId),
  )!;
}

/** A story without text, or a recording sent with it, must have media stored already. */
const needsStoredMedia = (input: StoryInput) => !input.content.trim() && !input.recordingAttached;

/** The columns a save writes: what the user wrote and chose, never the media flags. */
const writtenColumns = ({ title, content, status }: StoryInput) => ({ title, content, status });

/** One rule of a save: a condition the story must meet, and the refusal when it does not. */
type SaveCheck = { holds: SQL; refusal: AppError };

/**
 * What a story's save requires (docs/product.md §5), said once for every way of saving it: text or media, and a
 * question of its own topic. Each rule is a condition in SQL on the story (`id`, `topic_id`: the stored row's
 * columns, or a new story's topic and no id, since it has no media yet). A transaction reads which rule fails first
 * (`firstFailed`: with the story in `updateStory`, alone for a new one); PostgreSQL's save on its own puts them all in
 * its WHERE (`saveOnItsOwn`), so neither can drift from the other.
 */
function saveChecks(input: StoryInput, story: { id: SQLWrapper | null; topicId: SQLWrapper | number }): SaveCheck[] {
  const checks: SaveCheck[] = [];
  if (needsStoredMedia(input))
    checks.push({
      holds: story.id ? sql`exists (select 1 from ${media} where ${media.storyId} = ${story.id})` : sql`1 = 0`,
      refusal: new AppError(400, "stories.contentRequired", "content"),
    });
  if (input.questionId !== undefined)
    checks.push({
      holds: sql`exists (select 1 from ${questions} where ${questions.id} = ${input.questionId}
        and ${questions.topicId} = ${story.topicId})`,
      refusal: new AppError(400, "stories.questionNotInTopic", "questionId"),
    });
  return checks;
}

/** The index of the first check that fails, as one SQL value: -1 when all hold. */
function firstFailed(checks: SaveCheck[]): SQL<number> {
  const cases = checks.map((check, index) => sql`when not (${check.holds}) then ${sql.raw(String(index))}`);
  const value = checks.length ? sql<number>`case ${sql.join(cases, sql` `)} else -1 end` : sql<number>`-1`;
  return value.mapWith(Number);
}

/** Throws the refusal of the first check that fails, for a story not written yet (a new one). */
async function refuseFailedCheck(tx: Tx, checks: SaveCheck[]): Promise<void> {
  if (!checks.length) return;
  const [row] = await selectRows<{ failed: number | string }>(sql`select ${firstFailed(checks)} as failed`, tx);
  const failed = checks[Number(row?.failed ?? -1)];
  if (failed) throw failed.refusal;
}

/** A story only through its book's owner; anyone else gets null. */
export async function getStory({ storyId, userId }: { storyId: number; userId: number }): Promise<Story | null> {
  const row = (
    await db()
      .select({ story: stories })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .where(and(eq(stories.id, storyId), eq(books.userId, userId)))
  )[0];
  return row?.story ?? null;
}

/** A story of this book and this user's, or null (another book's story too: the route answers 404). */
export async function getStoryInBook({
  storyId,
  bookId,
  userId,
}: {
  storyId: number;
  bookId: number;
  userId: number;
}): Promise<Story | null> {
  const story = await getStory({ storyId, userId });
  return story?.bookId === bookId ? story : null;
}

/** A topic's stories in their order; the caller has checked the topic is the user's (getTopic). */
export async function listTopicStories({ topicId }: { topicId: number }): Promise<Story[]> {
  return await db()
    .select()
    .from(stories)
    .where(eq(stories.topicId, topicId))
    .orderBy(asc(stories.position), asc(stories.id));
}

/** Every story of a book for its table of contents: the fields it shows, not the text, in book order. */
export async function listBookStories({ bookId, userId }: { bookId: number; userId: number }) {
  // Prepared once: the workspace asks on every render.
  const query = prepared("listBookStories", (client) =>
    client
      .select({
        id: stories.id,
        topicId: stories.topicId,
        bookId: stories.bookId,
        questionId: stories.questionId,
        title: stories.title,
        status: stories.status,
        hasAudio: stories.hasAudio,
        hasImages: stories.hasImages,
        position: stories.position,
        source: stories.source,
        tellerName: stories.tellerName,
        createdAt: stories.createdAt,
        updatedAt: stories.updatedAt,
      })
      .from(stories)
      .innerJoin(books, eq(books.id, stories.bookId))
      .innerJoin(topics, eq(topics.id, stories.topicId))
      .where(and(eq(stories.bookId, sql.placeholder("bookId")), eq(books.userId, sql.placeholder("userId"))))
      .orderBy(asc(topics.position), asc(topics.id), asc(stories.position), asc(stories.id)),
  );
  return await query.execute({ bookId, userId });
}

/**
 * An answer sent through a door (issue 18): the key that makes a retry harmless, the door it is unique to (`scope`),
 * the digest of what was sent and, when a storyteller sent it through her link, the link and her name.
 */
export type DoorAnswer = {
  idempotencyKey: string;
  scope: string;
  digest: string;
  link?: { id: number; tellerName: string | null };
};

/** A new story in a topic of the user's (of the page's book, when one names it), at the end of the topic. */
export async function createStory({
  topicId,
  userId,
  bookId,
  input,
  answer,
}: {
  topicId: number;
  userId: number;
  bookId?: number;
  input: StoryInput;
  answer?: DoorAnswer;
}): Promise<Story> {
  return transaction(async (tx) => {
    const topic = await ownedTopic(tx, topicId, userId, bookId);
    await refuseFailedCheck(tx, saveChecks(input, { id: null, topicId }));
    const position = await nextPosition(tx, stories, stories.position, eq(stories.topicId, topicId));
    const origin = {
      idempotencyKey: answer?.idempotencyKey ?? null,
      idempotencyScope: answer?.scope ?? null,
      idempotencyDigest: answer?.digest ?? null,
      ...(answer?.link
        ? { source: "storyteller" as const, tellerName: answer.link.tellerName, storytellerLinkId: answer.link.id }
        : {}),
    };
    const story = (
      await tx
        .insert(stories)
        .values({
          ...writtenColumns(input),
          questionId: input.questionId,
          refinedContent: input.refinedContent,
          ...origin,
          topicId,
          bookId: topic.bookId,
          position,
        })
        .returning()
    )[0]!;
    await logBookChange(tx, topic.bookId, {
      userId,
      action: "create",
      resource: "story",
      details: {
        id: story.id,
        topicId,
        status: story.status,
        ...(input.refinedContent ? { refined: true } : {}),
        ...(answer?.link ? { storytellerLinkId: answer.link.id } : {}),
      },
    });
    return story;
  });
}

/**
 * Saves a story of the user's (of the page's book, when one names it). On PostgreSQL it is first tried as one
 * statement on its own (`saveOnItsOwn`); when that changed nothing, and always on SQLite, a transaction reads the
 * story with the first of its checks that fails, says what is wrong (404, 400) or writes.
 */
export async function updateStory({ input, ...target }: StoryTarget & { input: StoryInput }): Promise<Story> {
  if (databaseDialect() === "postgresql") {
    const saved = await statementOnItsOwn((runner) => saveOnItsOwn(runner, target, input)).catch(
      // The question was deleted after the statement saw it and before it committed: the transaction says so.
      (error) => {
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      },
    );
    if (saved) return saved;
  }
  return transaction(async (tx) => {
    const checks = saveChecks(input, { id: column("id"), topicId: column("topic_id") });
    const row = (
      await tx
        .select({ story: stories, failed: firstFailed(checks) })
        .from(stories)
        .where(storyOf(target))
    )[0];
    if (!row) throw new AppError(404, "stories.notFound");
    const failed = checks[row.failed];
    if (failed) throw failed.refusal;
    const current = row.story;
    const refinedContent =
      input.refinedContent !== undefined
        ? input.refinedContent
        : current.content === input.content
          ? current.refinedContent
          : null;
    const writer = await inBookChange(tx, current.bookId, storyActivity(target, input));
    return (
      await writer
        .update(stories)
        .set({ ...writtenColumns(input), questionId: input.questionId ?? null, refinedContent })
        .where(eq(stories.id, target.storyId))
        .returning()
    )[0]!;
  });
}

/**
 * PostgreSQL: a save as one statement on its own, outside the process's turn of transactions (the save is the write
 * every storyteller's editor sends every few seconds). Its WHERE holds the story's row (`storyOf`) and every check
 * the transaction reads (`saveChecks`), its WITH the book's time and the record, written only when the story was.
 * Answers nothing when a condition failed, for `updateStory`'s transaction to say which.
 */
async function saveOnItsOwn(runner: Tx, target: StoryTarget, input: StoryInput) {
  const checks = saveChecks(input, { id: column("id"), topicId: column("topic_id") });
  const update = runner
    .update(stories)
    .set({
      ...writtenColumns(input),
      questionId: input.questionId ?? null,
      refinedContent:
        input.refinedContent !== undefined
          ? input.refinedContent
          : sql`case when ${column("content")} = ${input.content} then ${column("refined_content")} end`,
    })
    .where(and(storyOf(target), ...checks.map((check) => check.holds)))
    .returning();
  const saved = runner.$with("saved", getTableColumns(stories)).as(update.getSQL());
  const rows = await runner
    .with(saved, ...bookChangeAfter(runner, "saved", storyActivity(target, input)))
    .select()
    .from(saved);
  return rows[0];
}

const storyActivity = ({ storyId, userId }: StoryTarget, input: StoryInput): ActivityInput => ({
  userId,
  action: "update",
  resource: "story",
  details: { id: storyId, status: input.status, ...(input.refinedContent ? { refined: true } : {}) },
});

/**
 * Adds a recording's transcript to the end of a story's text, after a blank line (docs/product.md §4). The text
 * changes, so an earlier refinement of it no longer applies.
 */
export async function appendTranscript({
  storyId,
  userId,
  text,
}: {
  storyId: number;
  userId: number;
  text: string;
}): Promise<Story> {
  return transaction(async (tx) => {
    const current = await ownedStory(tx, storyId, userId);
    const content = current.content.trim() ? `${current.content.trimEnd()}\n\n${text}` : text;
    const writer = await inBookChange(tx, current.bookId, {
      userId,
      action: "update",
      resource: "story",
      details: { id: storyId, transcript: true },
    });
    return (
      await writer.update(stories).set({ content, refinedContent: null }).where(eq(stories.id, storyId)).returning()
    )[0]!;
  });
}

/** Deletes a story with its media rows; returns the storage keys of its files for the caller to remove. */
export async function deleteStory({ storyId, userId }: { storyId: number; userId: number }): Promise<{
  story: Story;
  mediaKeys: string[];
}> {
  return transaction(async (tx) => {
    const story = await ownedStory(tx, storyId, userId);
    const mediaKeys = (await tx.select({ key: media.storageKey }).from(media).where(eq(media.storyId, storyId))).map(
      (row) => row.key,
    );
    await tx.delete(stories).where(eq(stories.id, storyId));
    await logBookChange(tx, story.bookId, {
      userId,
      action: "delete",
      resource: "story",
      details: { id: storyId, title: story.title },
    });
    return { story, mediaKeys };
  });
}

/** Puts a topic's stories in the given order: exactly the topic's own story ids, in one transaction. */
export async function reorderStories({
  topicId,
  userId,
  storyIds,
}: {
  topicId: number;
  userId: number;
  storyIds: number[];
}): Promise<void> {
  await transaction(async (tx) => {
    const topic = await ownedTopic(tx, topicId, userId);
    const own = (await tx.select({ id: stories.id }).from(stories).where(eq(stories.topicId, topicId))).map(
      (row) => row.id,
    );
    if (!sameSet(own, storyIds)) throw new AppError(400, "stories.reorderInvalid");
    await savePositions(tx, stories, stories.id, stories.position, storyIds);
    await logBookChange(tx, topic.bookId, { userId, action: "reorder", resource: "story", details: { topicId } });
  });
}

/** Moves one story a place up (-1) or down (+1) within its topic. */
export async function moveStory({
  storyId,
  userId,
  delta,
}: {
  storyId: number;
  userId: number;
  delta: -1 | 1;
}): Promise<Story> {
  const story = await getStory({ storyId, userId });
  if (!story) throw new AppError(404, "stories.notFound");
  const ids = (await listTopicStories({ topicId: story.topicId })).map((s) => s.id);
  const from = ids.indexOf(storyId);
  const to = from + delta;
  if (to >= 0 && to < ids.length) {
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await reorderStories({ topicId: story.topicId, userId, storyIds: ids });
  }
  return story;
}
