import { createContext, data, redirect } from "react-router";
import type { Route } from "./+types/tell";
import type { HeaderHandle } from "~/components/layout/header-context";
import { TellPage } from "~/components/tell/tell-page";
import { getI18n } from "~/i18n/middleware.server";
import { useT } from "~/i18n/use-t";
import { tellScript } from "~/lib/client-entries.server";
import { jsonError } from "~/lib/http.server";
import { pageTitle } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { openStorytellerLink, type OpenedLink } from "~/models/storyteller-link.server";
import { postTellAnswer } from "~/services/tell-action.server";
import { tellPage } from "~/services/tell-page.server";

// Plain HTML without React in the browser: her page loads one small script of its own (ADR 0028), and no site header.
export const handle: HeaderHandle = { htmlOnly: true, bare: true };

const openedContext = createContext<OpenedLink>({ state: "unknown" });

/**
 * The link is opened before the loaders, so that the whole page, its kind refusals too, is in the book's language
 * whoever opens it. Nothing of it is for search engines or for the sites its readers go to next.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context, request }, next) => {
    const opened = openStorytellerLink(params.token ?? "");
    context.set(openedContext, opened);
    if (opened.state !== "unknown")
      await getI18n(context).changeLanguage(opened.state === "open" ? opened.book.language : opened.language);
    // Her page's script posts with `Accept: application/json` and reads a JSON answer, never a page: answered here,
    // before React Router would render the page around what an action returns.
    const response =
      request.method === "POST" && wantsJson(request) ? await answerJson(opened, request, context) : await next();
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    // Her address (the token) never leaves for another site; "no-referrer" would also make her own form's posts
    // carry `Origin: null`, which the CSRF check refuses (app/lib/cross-site.server.ts).
    response.headers.set("Referrer-Policy", "same-origin");
    return response;
  },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.bookTitle),
  { name: "robots", content: "noindex, nofollow" },
];

/** 404 for a token that never was, 410 for one revoked or expired: the error boundary says which, kindly. */
function refuse(opened: Exclude<OpenedLink, { state: "open" }>): never {
  throw data(null, { status: opened.state === "ended" ? 410 : 404 });
}

export function loader({ context, request, params }: Route.LoaderArgs) {
  const opened = context.get(openedContext);
  if (opened.state !== "open") refuse(opened);
  return {
    ...tellPage(opened, new URL(request.url).searchParams),
    path: `/tell/${params.token}`,
    script: tellScript(),
    error: null as string | null,
    content: "",
  };
}

const wantsJson = (request: Request) => (request.headers.get("Accept") ?? "").includes("application/json");

/** POST /tell/{token} with `Accept: application/json`: 201 `{storyId, next}`, or the refusal as `{message}`. */
async function answerJson(opened: OpenedLink, request: Request, context: Route.ActionArgs["context"]) {
  if (opened.state !== "open") {
    const ended = opened.state === "ended";
    return jsonError(context, ended ? 410 : 404, ended ? "tell.endedText" : "tell.unknownText");
  }
  const outcome = await postTellAnswer(opened, request);
  if (outcome.ok) return Response.json({ storyId: outcome.storyId, next: outcome.next }, { status: 201 });
  const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
  return jsonError(context, outcome.status, outcome.messageKey, undefined, headers);
}

/**
 * POST /tell/{token}: one answer, as a plain form. The page answers 303 to the next question (so it works without
 * JavaScript), or shows the form again with why it was refused. (A post that asks for JSON is answered by the
 * middleware.)
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const opened = context.get(openedContext);
  if (opened.state !== "open") refuse(opened);
  const outcome = await postTellAnswer(opened, request);
  const path = `/tell/${params.token}`;
  if (outcome.ok) return redirect(`${path}?sent=1`, 303);
  const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
  const again = new URLSearchParams(outcome.kept ? { question: String(outcome.kept.questionId) } : {});
  return data(
    {
      ...tellPage(opened, again),
      path,
      script: tellScript(),
      error: outcome.messageKey as string | null,
      content: outcome.kept?.content ?? "",
    },
    { status: outcome.status, headers },
  );
}

export default function Tell({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const page = actionData ?? loaderData;
  return <TellPage {...page} nonce={nonce} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const ended = error && typeof error === "object" && "status" in error && error.status === 410;
  return (
    <main id="main" className="tell">
      <h1 className="tell-question">{t(ended ? "tell.endedTitle" : "tell.unknownTitle")}</h1>
      <p className="tell-lead">{t(ended ? "tell.endedText" : "tell.unknownText")}</p>
    </main>
  );
}
