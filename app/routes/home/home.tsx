import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { BookDialogs } from "~/routes/books/components/book-dialogs";
import type { HeaderHandle } from "~/components/layout/header-context";
import { GettingStarted } from "~/routes/home/components/getting-started";
import { RecentBooks } from "~/routes/home/components/recent-books";
import { bookCard } from "~/routes/books/book-card-data";
import { FirstBookStep } from "~/routes/home/components/first-book-step";
import { SuggestedActions, type NoOpenQuestion } from "~/routes/home/components/suggested-actions";
import { NewAnswersNotice } from "~/routes/storyteller/components/new-answers-notice";
import { HandSendCards } from "~/routes/home/components/hand-send-cards";
import { Toaster } from "~/components/ui/toaster";
import { getLocale } from "~/http/i18n-middleware.server";
import { requireUser } from "~/http/auth.server";
import { bookDialogData } from "~/routes/books/book-dialogs.server";
import { bookForm, pageFormAction } from "~/routes/workspace/book-page-action.server";
import { resultOf } from "~/lib/action-result";
import { translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";
import { useHrefWith } from "~/hooks/use-href-with";
import { useRootData } from "~/hooks/use-root-data";
import { listBooks } from "~/models/book.server";
import { listSuggestedActions, questionsOverview } from "~/models/question.server";
import { listNewAnswers } from "~/models/new-answers.server";
import { listHandSends } from "~/models/hand-sends.server";
import { markSentForm } from "~/routes/home/hand-send-action.server";

const RECENT_BOOKS = 3;
const SUGGESTED_ACTIONS = 2;

export const handle: HeaderHandle = { ownsToaster: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  // At once: on PostgreSQL each is a round trip of its own, on the pool's connections.
  const [{ books: recent }, actions, dialog, newAnswers, handSends] = await Promise.all([
    listBooks({ userId: user.id, limit: RECENT_BOOKS }),
    listSuggestedActions({ userId: user.id, limit: SUGGESTED_ACTIONS }),
    bookDialogData(args.request, user),
    listNewAnswers({ userId: user.id }),
    listHandSends({ userId: user.id }),
  ]);
  return {
    title: translate(args.context, "home.title"),
    name: user.displayName || user.username,
    locale: getLocale(args.context),
    recent: recent.map(bookCard),
    actions,
    noOpenQuestion: actions.length === 0 ? await noOpenQuestion(user.id, recent[0]) : null,
    dialog,
    newAnswers,
    handSends,
  };
}

/**
 * Why no question is open: "all answered" only when there were questions. Without books the page shows its
 * first step instead (null).
 */
async function noOpenQuestion(
  userId: number,
  latest: { id: number; title: string } | undefined,
): Promise<NoOpenQuestion | null> {
  if (!latest) return null;
  const { hasQuestions, topicWithout } = await questionsOverview({ userId });
  if (hasQuestions) return { kind: "all-answered" };
  return { kind: "no-questions", book: { id: latest.id, title: latest.title }, topic: topicWithout };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  return pageFormAction(args.request, {
    "create-book": bookForm("create-book", { user, context: args.context }),
    "hand-send:sent": (form) => markSentForm(form, user.id),
  });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const hrefWith = useHrefWith();
  const { recent, actions, name } = loaderData;
  return (
    <main id="main" className="page stack-lg">
      <section className="hero card" aria-labelledby="hero-title">
        <h1 id="hero-title">{t("home.welcome", { name })}</h1>
        <p className="lead">{t("home.intro")}</p>
        {actions.length > 0 ? (
          // The suggested actions are the owner's unanswered questions, which the door asks one by one. A plain
          // link: the door is its own page, without React (issue 18).
          <p className="answer-next">
            <a className="button button-primary button-large" href="/answer" aria-describedby="answer-next-hint">
              {t("home.answerNext")}
            </a>
            <span id="answer-next-hint" className="muted">
              {t("home.answerNextHint")}
            </span>
          </p>
        ) : null}
        <div className="button-row">
          <Link className="button button-primary" to={hrefWith({ dialog: "create-book" })} preventScrollReset>
            {t("home.createBook")}
          </Link>
          <Link className="button button-secondary" to="/books">
            {t("home.openLibrary")}
          </Link>
        </div>
      </section>
      <HandSendCards sends={loaderData.handSends} />
      <NewAnswersNotice groups={loaderData.newAnswers} showBook />
      {recent.length === 0 ? (
        <FirstBookStep />
      ) : (
        <>
          <SuggestedActions actions={actions} empty={loaderData.noOpenQuestion ?? { kind: "all-answered" }} />
          <RecentBooks recent={recent} />
          <GettingStarted />
        </>
      )}
      <BookDialogs dialog={loaderData.dialog} result={resultOf(actionData, "book")} locale={loaderData.locale} />
      <Toaster toast={actionData?.toast ?? root?.toast} />
    </main>
  );
}
