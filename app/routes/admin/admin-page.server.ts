import {
  adminOverview,
  contentTree,
  getAdminMedia,
  getSavedPreview,
  getUserRow,
  listAdminBooks,
  listAdminStories,
  listAdminTopics,
  listBookLanguages,
  listExplorerUsers,
  listUserActivities,
  listUserOptions,
  listUsers,
} from "~/models/admin.server";
import { activityNames } from "~/models/activity-names.server";
import { countFailedMail, listMailLog } from "~/models/mail-log.server";
import { ACTIVITY_PAGE_SIZE, EXPLORER, MAIL_FAILED_WINDOW_MS } from "~/lib/admin-filters";
import { activityRefs, describeActivity } from "~/lib/activity-sentence";
import {
  adminQuery,
  bookListQuery,
  contentListQuery,
  explorerQuery,
  mailListQuery,
  userListQuery,
  type AdminQuery,
  type ExplorerQuery,
} from "~/lib/admin-query";

/**
 * The Content Explorer's data (ADR 0012). Without `user`: a page of users, each with a small tree.
 * With `user`: that user alone, a page of their books with more of each book, the open book's topics
 * and the open topic's stories. Either way the same six queries at most.
 */
export async function explorerData(query: ExplorerQuery) {
  const oneUser = query.userId !== undefined;
  const list = await listExplorerUsers({ ...query, page: oneUser ? 1 : query.page });
  const bookPages = oneUser ? Math.max(1, Math.ceil((list.users[0]?.bookCount ?? 0) / EXPLORER.booksPerPage)) : 1;
  const bookPage = Math.min(query.bookPage, bookPages);
  const focus = { openBookId: query.openBookId, openTopicId: query.openTopicId, storyId: query.storyId };
  const tree = await contentTree(
    list.users.map((u) => u.id),
    oneUser
      ? {
          ...focus,
          booksPerUser: EXPLORER.booksPerPage,
          bookOffset: (bookPage - 1) * EXPLORER.booksPerPage,
          topicsPerBook: EXPLORER.topicsPerBookOfOneUser,
          storiesPerTopic: EXPLORER.storiesPerTopicOfOneUser,
        }
      : {
          ...focus,
          booksPerUser: EXPLORER.booksPerUser,
          topicsPerBook: EXPLORER.topicsPerBook,
          storiesPerTopic: EXPLORER.storiesPerTopic,
        },
  );
  return {
    ...list,
    users: list.users.map((user) => ({ ...user, books: tree(user.id) })),
    oneUser,
    bookPage,
    bookPages,
  };
}

/** The dialog the URL asks for, with what it shows; any tab can carry one. */
async function dialogData(query: AdminQuery) {
  const id = query.id;
  switch (query.dialog) {
    case "add-user":
      return { kind: "add-user" as const };
    case "edit-user":
    case "delete-user": {
      const user = id ? await getUserRow(id) : null;
      return user ? { kind: query.dialog, user } : null;
    }
    case "activities": {
      const user = id ? await getUserRow(id) : null;
      if (!user) return null;
      const list = await listUserActivities({ userId: user.id, page: query.apage, pageSize: ACTIVITY_PAGE_SIZE });
      // Each row told as a sentence with today's names, read for the whole page at once.
      const names = await activityNames(activityRefs(list.activities));
      const actor = { id: user.id, name: user.displayName || user.username };
      const activities = list.activities.map((row) => ({ ...row, sentence: describeActivity(row, actor, names) }));
      return { kind: "activities" as const, user, list: { ...list, activities } };
    }
    case "preview":
      return { kind: "preview" as const, preview: id ? await getSavedPreview(id) : null };
    case "media": {
      const item = id ? await getAdminMedia(id) : null;
      return item ? { kind: "media" as const, media: item } : null;
    }
    default:
      return null;
  }
}

async function tabData(query: AdminQuery, now: Date) {
  switch (query.tab) {
    case "overview": {
      const overview = await adminOverview(query.q);
      const failedMail = await countFailedMail(new Date(now.getTime() - MAIL_FAILED_WINDOW_MS));
      return { tab: "overview" as const, overview: { ...overview, failedMail } };
    }
    case "users": {
      const users = userListQuery(query);
      return { tab: "users" as const, query: users, list: await listUsers(users) };
    }
    case "books": {
      const books = bookListQuery(query);
      return {
        tab: "books" as const,
        query: books,
        list: await listAdminBooks(books),
        languages: await listBookLanguages(),
        userOptions: await listUserOptions(),
      };
    }
    case "topics":
      return {
        tab: "topics" as const,
        list: await listAdminTopics(contentListQuery(query)),
        userOptions: await listUserOptions(),
      };
    case "stories":
      return {
        tab: "stories" as const,
        list: await listAdminStories(contentListQuery(query)),
        userOptions: await listUserOptions(),
      };
    case "content":
      return { tab: "content" as const, explorer: await explorerData(explorerQuery(query)) };
    case "email": {
      const mail = mailListQuery(query);
      return { tab: "email" as const, query: mail, list: await listMailLog(mail) };
    }
  }
}

/**
 * Everything /admin renders for a URL: the tab's data and the open dialog's, in a bounded number of queries. `now`
 * is the end of the Overview's week of failed mail.
 */
export async function adminPageData(url: URL, now = new Date()) {
  const query = adminQuery(url.searchParams);
  return {
    ...(await tabData(query, now)),
    q: query.q,
    userId: query.user,
    language: query.language,
    role: query.role,
    bookId: query.book,
    topicId: query.topic,
    storyId: query.story,
    openAt: query.open,
    dialog: await dialogData(query),
  };
}

export type AdminPageData = Awaited<ReturnType<typeof adminPageData>>;
