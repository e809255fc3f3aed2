import { useMatches } from "react-router";
import type { MessageKey } from "~/i18n/types";

/** What a page may give the shared header through its route `handle`. */
export type HeaderHandle = {
  /** Shown after a slash beside the logo. */
  titleKey?: MessageKey;
  /** The id of the page's form; the header then shows a Save button that submits it. */
  saveForm?: string;
  /** The page renders the one toast region itself (to show its action's toast with the flash). */
  ownsToaster?: boolean;
  /** The page is complete as HTML and sends no JavaScript at all (the shared reading page). */
  htmlOnly?: boolean;
  /** Nothing around the page, not even the signed-in user's header (the storyteller's door, ADR 0028). */
  bare?: boolean;
};

export function useHeaderHandle(): HeaderHandle {
  const matches = useMatches();
  const out: HeaderHandle = {};
  for (const match of matches) Object.assign(out, (match.handle as HeaderHandle | undefined) ?? {});
  return out;
}
