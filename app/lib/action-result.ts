import type { FormResult } from "./submission";
import type { Toast } from "./toast";

/** The kinds of form a page's action answers, one name each (a page may hold several: the workspace holds three). */
export type FormName =
  | "book"
  | "story"
  | "topic"
  | "question"
  | "suggestTopics"
  | "login"
  | "profile"
  | "user"
  | "answer"
  | "linkWeekly";

/**
 * What every page action in the product answers when it does not redirect (ADR 37), always with its true status
 * (400, 404, 413…, or 200 for a change the page shows in place): a success redirects instead, with its toast in the
 * flash cookie. Components read it one way: `actionData?.toast`, `resultOf(actionData, form)`, `actionData?.page`.
 */
export type ActionResult<Page = never> = {
  /** The form the post came from; null when the refusal is the page's (a body too large, a form route's failure). */
  form: FormName | null;
  /** conform's answer for that form: each field's error and what was typed, never a password. */
  result: FormResult | null;
  /** What happened, in a toast: the reason of a refusal, or what changed in place. */
  toast: Toast | null;
  /**
   * What the page shows again that only the post knew: the suggest-topics list as its intents changed it (unsaved),
   * the door's page with her answer kept. No other action has one.
   */
  page?: Page;
};

/** conform's answer for one form of the page, when the page's last action answered that form. */
export function resultOf(actionData: ActionResult<unknown> | undefined, form: FormName): FormResult | null {
  return actionData?.form === form ? actionData.result : null;
}

/** What a refused form posted in a field it does not check (a hidden field): the answer's copy of it. */
export function postedValue(result: FormResult | null, name: string): string | null {
  const value = result?.initialValue?.[name];
  return typeof value === "string" && value ? value : null;
}
