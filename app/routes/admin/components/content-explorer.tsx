import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { avatarInitial } from "~/components/layout/avatar-initial";
import { useHrefWith } from "~/hooks/use-href-with";
import type { ExplorerBook } from "./explorer-tree";
import { BookList, type OpenState } from "./explorer-tree";
import { Pager } from "./pager";

type ExplorerUser = {
  id: number;
  username: string;
  email: string;
  displayName: string | null;
  bookCount: number;
  books: ExplorerBook[];
};
type Explorer = {
  users: ExplorerUser[];
  total: number;
  page: number;
  pages: number;
  oneUser: boolean;
  bookPage: number;
  bookPages: number;
};
type Focus = { storyId?: number; bookId?: number; topicId?: number; openAt?: number };

/** Opens the way to the named book, topic or story, and leaves everything else as the admin left it. */
function openState(users: ExplorerUser[], focus: Focus): OpenState {
  const open: OpenState = { books: new Set(), topics: new Set(), storyId: focus.storyId };
  for (const book of users.flatMap((user) => user.books)) {
    if (book.id === focus.bookId) open.books.add(book.id);
    for (const topic of book.topics) {
      if (
        topic.id === focus.topicId ||
        topic.id === focus.openAt ||
        topic.stories.some((story) => story.id === focus.storyId)
      ) {
        open.topics.add(topic.id);
        open.books.add(book.id);
      }
    }
  }
  return open;
}

/**
 * The Content Explorer (docs/product.md §2, ADR 0012): a page of users, each a <details> with a small tree of
 * books, topics and stories; "show all" links open one user (?user=…) with a page of their books, or
 * one book or topic with all of its topics or stories. It all works without JavaScript.
 */
export function ContentExplorer({ explorer, focus }: { explorer: Explorer; focus: Focus }) {
  const t = useT();
  const hrefWith = useHrefWith();
  const open = openState(explorer.users, focus);
  const userHasOpenItem = (user: ExplorerUser) => user.books.some((book) => open.books.has(book.id));
  if (explorer.users.length === 0) return <p className="muted">{t("admin.explorer.noUsers")}</p>;
  return (
    <div className="explorer">
      {explorer.oneUser ? (
        <p>
          <Link
            to={hrefWith({
              user: null,
              book: null,
              topic: null,
              story: null,
              open: null,
              bpage: null,
              page: null,
              dialog: null,
              id: null,
            })}
          >
            ← {t("admin.explorer.allUsers")}
          </Link>
        </p>
      ) : null}
      <ul className="tree tree-users" aria-label={t("admin.explorer.caption")}>
        {explorer.users.map((user) => {
          const name = user.displayName || user.username;
          return (
            <li key={user.id}>
              <details className="tree-node tree-user" open={explorer.oneUser || userHasOpenItem(user) || undefined}>
                <summary>
                  <span className="avatar" aria-hidden="true">
                    {avatarInitial(user)}
                  </span>{" "}
                  <span className="tree-title">{name}</span>{" "}
                  <span className="muted">
                    {user.username} · {user.email} · {t("admin.explorer.bookCount", { count: user.bookCount })}
                  </span>
                </summary>
                <BookList userId={user.id} books={user.books} open={open} />
                <MoreBooks explorer={explorer} user={user} name={name} />
              </details>
            </li>
          );
        })}
      </ul>
      {explorer.oneUser ? null : <Pager page={explorer.page} pages={explorer.pages} />}
    </div>
  );
}

/** Below a user's books: the pages of their books when only they are shown, else a link to all of them, if more. */
function MoreBooks({ explorer, user, name }: { explorer: Explorer; user: ExplorerUser; name: string }) {
  const t = useT();
  const hrefWith = useHrefWith();
  if (explorer.oneUser)
    return (
      <Pager
        page={explorer.bookPage}
        pages={explorer.bookPages}
        param="bpage"
        label={t("admin.explorer.bookPages", { name })}
      />
    );
  if (user.bookCount <= user.books.length) return null;
  return (
    <Link
      className="show-all"
      to={hrefWith({ user: String(user.id), book: null, topic: null, story: null, page: null })}
    >
      {t("admin.explorer.showAllBooks", { count: String(user.bookCount), name })}
    </Link>
  );
}
