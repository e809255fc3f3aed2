import { redirect, type RouterContextProvider } from "react-router";
import { tellScript } from "~/routes/storyteller/client-entries.server";
import { jsonError } from "~/http/responses.server";
import { postDoorAnswer } from "./door-action.server";
import { actionResult } from "../../http/form-body.server";
import type { AnswerDoor } from "./door-answer.server";
import { doorPage, type DoorPageData, type DoorPageSource } from "./door-page.server";

// What the two doors of issue 18 (a storyteller's link, /tell/{token}, and the owner's own, /answer) answer alike.

/** A door as its routes see it: who answers, what the page says, and the questions still open. */
export type DoorRoute = {
  door: AnswerDoor;
  /** Her page's own address, without a query: its forms and links go back to it. */
  path: string;
  page: DoorPageSource;
};

export type DoorView = DoorPageData & { path: string; script: string | null; error: string | null; content: string };

export const wantsJson = (request: Request) => (request.headers.get("Accept") ?? "").includes("application/json");

/** The page of a door, for its loader. */
export async function doorView(route: DoorRoute, search: URLSearchParams): Promise<DoorView> {
  return { ...(await doorPage(route.page, search)), path: route.path, script: tellScript(), error: null, content: "" };
}

/** Her thanks, and when her recording was kept without its words, the words that say the family will write it out. */
const thanksPath = (path: string, writeOutLater: boolean) => `${path}?sent=1${writeOutLater ? "&voice=1" : ""}`;

/**
 * An answer posted with `Accept: application/json` (the page's script): 201 `{storyId, next, writeOutLater}`, where
 * `writeOutLater` says her recording was kept without its words and the thanks page should say so, or the refusal as
 * `{message}` with its status. A page's action can only answer a document request with the page, so the routes'
 * middleware calls this before the action.
 */
export async function doorJsonAnswer(route: DoorRoute, request: Request, context: Readonly<RouterContextProvider>) {
  const outcome = await postDoorAnswer(route.door, request);
  if (outcome.ok) {
    const next = (await route.page.questions())[0]?.id ?? null;
    return Response.json({ storyId: outcome.storyId, next, writeOutLater: outcome.writeOutLater }, { status: 201 });
  }
  const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
  return jsonError(context, outcome.status, outcome.messageKey, undefined, headers);
}

/**
 * An answer posted as a plain form: 303 to the thanks and the next question, so it works without JavaScript; or the
 * page again with why it was refused, the question it answered and the writing kept.
 */
export async function doorFormAnswer(route: DoorRoute, request: Request) {
  const outcome = await postDoorAnswer(route.door, request);
  if (outcome.ok) return redirect(thanksPath(route.path, outcome.writeOutLater), 303);
  const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
  const again = new URLSearchParams(outcome.kept ? { question: String(outcome.kept.questionId) } : {});
  const view: DoorView = {
    ...(await doorView(route, again)),
    error: outcome.messageKey,
    content: outcome.kept?.content ?? "",
  };
  // Her page again, as the action result's `page`: it says why above her writing kept, not in a toast.
  return actionResult(outcome.status, { form: "answer", page: view }, headers);
}
