import { data, redirect } from "react-router";
import type { Route } from "./+types/keepsake-page";
import type { HeaderHandle } from "~/components/layout/header-context";
import { requireUser } from "~/http/auth.server";
import { paramId, translate } from "~/http/responses.server";
import { shareUrl } from "~/http/share-url.server";
import { startedByAnotherSite } from "~/http/writing-get.server";
import { useT } from "~/i18n/use-t";
import { AppError } from "~/lib/errors";
import { pageTitle } from "~/lib/meta";
import { keepsakeState } from "~/routes/printed-book/keepsakes.server";
import { KeepsakeProgressText } from "~/routes/printed-book/components/keepsake-progress";
import { askedKeepsake, askedKind, mayHaveKeepsakes } from "~/routes/printed-book/keepsake-request.server";
import { SoftPictures } from "~/routes/printed-book/components/soft-pictures";
import type { KeepsakeKind } from "~/routes/printed-book/keepsake/keepsake-task";

// The page a download opens without JavaScript (issue 38). A book that is ready goes straight to its file, which the
// browser saves, staying on the page it was asked from; one being prepared gets a page that says so and asks again by
// itself every few seconds (`&poll=1`), until it offers the file. With JavaScript the download dialog reads this
// loader the same way, and stays where it is. Plain HTML: the page sends no script.
export const handle: HeaderHandle = { htmlOnly: true };

/** How often the page asks again while the book is being prepared. */
const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

/**
 * GET /books/{id}/keepsake?[kind=print&]size=…[&poll=1]: the book's PDF or print shop's package (with `paper` and
 * `code`, as its API takes them), ready or being prepared; the owner's or the admin's.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const bookId = paramId(args.params.bookId);
  const back = `/books/${bookId}`;
  const fail = (status: number, message: string) =>
    data({ title: message, back, state: { status: "failed" as const, message } }, { status });
  // Asking starts a layout, as the API's GET does: a link on another site may not (ADR 0022).
  if (startedByAnotherSite(args.request)) return fail(403, translate(args.context, "errors.crossSite"));
  if (!(await mayHaveKeepsakes(user, bookId))) return fail(404, translate(args.context, "books.notFound"));
  const url = new URL(args.request.url);
  const asked = askedKeepsake(askedKind(url), url);
  if ("error" in asked) return fail(400, translate(args.context, asked.error));
  let state: Awaited<ReturnType<typeof keepsakeState>>;
  try {
    state = await keepsakeState({
      ...asked,
      bookId,
      userId: user.id,
      linkAddress: (token) => shareUrl(args.request, token),
      // A small book is ready within this, and its file is saved at once.
      waitMs: 1500,
    });
  } catch (error) {
    if (error instanceof AppError) return fail(error.status, translate(args.context, error.messageKey));
    throw error;
  }
  // The keepsake's own address, with the options it takes: the e-book has none.
  const options = new URLSearchParams(asked.kind === "epub" ? {} : { size: asked.size });
  if (asked.kind === "print") options.set("paper", asked.paper);
  if (asked.backCode) options.set("code", "1");
  const file = { pdf: "book.pdf", print: "print-package.zip", epub: "book.epub" }[asked.kind];
  const href = `/api/books/${bookId}/${file}${options.size ? `?${options}` : ""}`;
  if (state.status === "ready") {
    // Asked again (the page's refresh, the dialog's reads), the page offers the file: Chromium saves a file that a
    // refresh leads to only soon after a click.
    if (url.searchParams.get("poll") !== "1") throw redirect(href);
    const { softPictures } = state;
    const title = translate(args.context, "keepsakes.readyTitle");
    return { title, back, state: { status: "ready" as const, href, softPictures } };
  }
  return {
    title: translate(args.context, "keepsakes.preparingTitle"),
    back,
    state: {
      status: "preparing" as const,
      page: state.page,
      pages: state.pages,
      counted: state.counted,
      kind: asked.kind,
    },
    poll: `/books/${bookId}/keepsake?${pollQuery(asked.kind, options)}`,
  };
}

/** The page's own address as its refresh asks it again: the keepsake, its options, and `poll=1`. */
function pollQuery(kind: KeepsakeKind, options: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams(kind === "pdf" ? {} : { kind });
  for (const [name, value] of options) query.set(name, value);
  query.set("poll", "1");
  return query;
}

export default function KeepsakePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { state, back } = loaderData;
  return (
    <main id="main" className="page page-narrow keepsake-page">
      {state.status === "preparing" && "poll" in loaderData ? (
        <>
          <meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${loaderData.poll}`} />
          <h1>{t("keepsakes.preparingTitle")}</h1>
          <p role="status">
            <KeepsakeProgressText progress={state} />
          </p>
          <p>{t("keepsakes.preparingHint")}</p>
          <p className="field-hint">{t("keepsakes.refreshes")}</p>
        </>
      ) : state.status === "ready" ? (
        <>
          <h1>{t("keepsakes.readyTitle")}</h1>
          <p>
            <a className="button button-primary" href={state.href} download>
              {t("keepsakes.download")}
            </a>
          </p>
          <SoftPictures pictures={state.softPictures} />
        </>
      ) : (
        <h1>{loaderData.title}</h1>
      )}
      <p>
        <a href={back}>{t("keepsakes.back")}</a>
      </p>
    </main>
  );
}
