import { createContext, data } from "react-router";
import type { Route } from "./+types/pause";
import type { HeaderHandle } from "~/components/layout/header-context";
import { DoorRefusal } from "~/routes/storyteller/door/door-refusal";
import { speakLanguage } from "~/http/i18n-middleware.server";
import { useT } from "~/i18n/use-t";
import { pageTitle } from "~/lib/meta";
import { type OpenedLink, openStorytellerLink, pauseByStoryteller } from "~/models/storyteller-link.server";
import type { StorytellerAddress } from "~db/storyteller-addresses";

// Her page, like the door: plain HTML, no script and no site header.
export const handle: HeaderHandle = { htmlOnly: true, bare: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.title),
  { name: "robots", content: "noindex, nofollow" },
];

const openedContext = createContext<OpenedLink>({ state: "unknown" });

/** The link is opened before the loaders, so that the whole page, its refusals too, is in the book's language. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context }, next) => {
    const opened = await openStorytellerLink(params.token ?? "");
    context.set(openedContext, opened);
    if (opened.state !== "unknown")
      speakLanguage(context, opened.state === "open" ? opened.book.language : opened.language);
    const response = await next();
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    response.headers.set("Referrer-Policy", "same-origin");
    return response;
  },
];

/** The open link, or the door's kind refusal: 404 for a token that never was, 410 for one revoked or expired. */
function openLink(context: Route.LoaderArgs["context"]) {
  const opened = context.get(openedContext);
  if (opened.state !== "open") throw data(null, { status: opened.state === "ended" ? 410 : 404 });
  return opened;
}

/** GET /tell/{token}/pause: the link of her email's footer asks before pausing, since a GET never changes anything. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { link, book } = openLink(context);
  return {
    title: book.title,
    address: link.address,
    door: `/tell/${params.token}`,
    paused: link.pausedAt !== null && link.schedule !== null,
  };
}

/**
 * POST /tell/{token}/pause: her "Yes, pause them", or her mail app's one-click unsubscribe (RFC 8058, the body
 * "List-Unsubscribe=One-Click", sent by the mail provider without a cookie). Either pauses the weekly questions.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { link, book } = openLink(context);
  await pauseByStoryteller(link.id);
  return { title: book.title, address: link.address, door: `/tell/${params.token}`, paused: true };
}

export default function Pause({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const page = actionData ?? loaderData;
  const you = t(`tell.you.${page.address as StorytellerAddress}`);
  const words = { you, You: you.charAt(0).toUpperCase() + you.slice(1) };
  return (
    <main id="main" className="tell">
      {page.paused ? (
        <>
          <h1 className="tell-question">{t("weekly.pausedTitle")}</h1>
          <p className="tell-lead">{t("weekly.pausedText", words)}</p>
          <a className="tell-button" href={page.door}>
            {t("weekly.openDoor")}
          </a>
        </>
      ) : (
        <>
          <h1 className="tell-question">{t("weekly.pauseTitle")}</h1>
          <p className="tell-lead">{t("weekly.pauseQuestion", words)}</p>
          <form method="post">
            <button type="submit" className="tell-button">
              {t("weekly.pauseButton")}
            </button>
          </form>
          <a className="tell-button" href={page.door}>
            {t("weekly.openDoor")}
          </a>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DoorRefusal error={error} />;
}
