import type { Route } from "./+types/answer";
import type { HeaderHandle } from "~/components/layout/header-context";
import { TellPage } from "~/routes/storyteller/door/tell-page";
import { jsonError, translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { ownAnswersGiven, unansweredOwnQuestions } from "~/models/storyteller-answer.server";
import { getOptionalUser, requireUser } from "~/http/auth.server";
import {
  doorFormAnswer,
  doorJsonAnswer,
  doorView,
  wantsJson,
  type DoorRoute,
} from "~/routes/storyteller/door-route.server";

// The signed-in storyteller's door (issue 18): the same one-question page as a storyteller link's, over all of the
// user's own books, from Home's "Answer the next question". Plain HTML with the door's one script.
export const handle: HeaderHandle = { htmlOnly: true, bare: true };

type User = NonNullable<ReturnType<typeof getOptionalUser>>;

function ownDoor(user: User): DoorRoute {
  return {
    door: { ownerId: user.id, link: null },
    path: "/answer",
    page: {
      title: "",
      teller: { name: user.displayName || user.username, address: "ban" },
      sentCount: () => ownAnswersGiven(user.id),
      questions: () => unansweredOwnQuestions(user.id),
    },
  };
}

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const user = getOptionalUser(context);
    if (request.method === "POST" && wantsJson(request))
      return user
        ? await doorJsonAnswer(ownDoor(user), request, context)
        : jsonError(context, 401, "errors.unauthenticated");
    return next();
  },
];

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const view = await doorView(ownDoor(user), new URL(args.request.url).searchParams);
  return { ...view, title: translate(args.context, "tell.pageTitle") };
}

/** POST /answer: one answer to one of the user's own questions, as a plain form (the middleware answers JSON). */
export function action(args: Route.ActionArgs) {
  return doorFormAnswer(ownDoor(requireUser(args)), args.request);
}

export default function Answer({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  return <TellPage {...(actionData?.page ?? loaderData)} nonce={nonce} homeHref="/" />;
}
