import { createContext, data } from "react-router";
import type { Route } from "./+types/tell";
import type { HeaderHandle } from "~/components/layout/header-context";
import { DoorRefusal } from "~/routes/storyteller/door/door-refusal";
import { TellPage } from "~/routes/storyteller/door/tell-page";
import { speakLanguage } from "~/http/i18n-middleware.server";
import { jsonError } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { answersSent, unansweredQuestions } from "~/models/storyteller-answer.server";
import { openStorytellerLink, type OpenedLink } from "~/models/storyteller-link.server";
import {
  doorFormAnswer,
  doorJsonAnswer,
  doorView,
  wantsJson,
  type DoorRoute,
} from "~/routes/storyteller/door-route.server";

// Plain HTML without React in the browser: her page loads one small script of its own (ADR 0028), and no site header.
export const handle: HeaderHandle = { htmlOnly: true, bare: true };

const openedContext = createContext<OpenedLink>({ state: "unknown" });

/** The storyteller's door of an open link: her book's owner keeps what she sends. */
function linkDoor(opened: Extract<OpenedLink, { state: "open" }>, token: string): DoorRoute {
  const { link, book } = opened;
  return {
    door: { ownerId: book.ownerId, link },
    path: `/tell/${token}`,
    page: {
      title: book.title,
      teller: { name: link.name, address: link.address },
      sentCount: () => answersSent(link.id),
      questions: () => unansweredQuestions(link),
    },
  };
}

/**
 * The link is opened before the loaders, so that the whole page, its kind refusals too, is in the book's language
 * whoever opens it. Nothing of it is for search engines or for the sites its readers go to next.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context, request }, next) => {
    const opened = await openStorytellerLink(params.token ?? "");
    context.set(openedContext, opened);
    if (opened.state !== "unknown")
      speakLanguage(context, opened.state === "open" ? opened.book.language : opened.language);
    const response = request.method === "POST" && wantsJson(request) ? await jsonAnswer(opened) : await next();
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    // Not no-referrer: a browser then sends "Origin: null" with her own form, which the cross-site check refuses.
    response.headers.set("Referrer-Policy", "same-origin");
    return response;

    async function jsonAnswer(opened: OpenedLink) {
      if (opened.state === "open") return doorJsonAnswer(linkDoor(opened, params.token ?? ""), request, context);
      const ended = opened.state === "ended";
      return jsonError(context, ended ? 410 : 404, ended ? "tell.endedText" : "tell.unknownText");
    }
  },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.title),
  { name: "robots", content: "noindex, nofollow" },
];

/** 404 for a token that never was, 410 for one revoked or expired: the error boundary says which, kindly. */
function openLink(context: Route.LoaderArgs["context"], token: string): DoorRoute {
  const opened = context.get(openedContext);
  if (opened.state !== "open") throw data(null, { status: opened.state === "ended" ? 410 : 404 });
  return linkDoor(opened, token);
}

export function loader({ context, request, params }: Route.LoaderArgs) {
  return doorView(openLink(context, params.token), new URL(request.url).searchParams);
}

/** POST /tell/{token}: one answer, as a plain form (the JSON answer is the middleware's). */
export function action({ context, request, params }: Route.ActionArgs) {
  return doorFormAnswer(openLink(context, params.token), request);
}

export default function Tell({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  return <TellPage {...(actionData?.page ?? loaderData)} nonce={nonce} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DoorRefusal error={error} />;
}
