import type { StorytellerLink } from "~db/schema";
import { env } from "~/platform/env.server";
import { unsealToken } from "~/platform/token-seal.server";

/**
 * Her door's address, written without a request (a week's email): on PUBLIC_URL, else on the site's address the owner
 * used. Null for a link made before weekly questions (its token was never kept), or sealed under a secret since
 * changed: such a link can only be sent by hand, and she keeps the address she already has.
 */
export function linkDoorUrl(link: Pick<StorytellerLink, "tokenSealed" | "origin">): string | null {
  const origin = env().publicUrl ?? link.origin;
  const token = link.tokenSealed ? unsealToken(link.tokenSealed) : null;
  return origin && token ? new URL(`/tell/${token}`, origin).toString() : null;
}

/** Her door opened on one question, as her email's button and the family's by-hand message give it. */
export const doorOnQuestion = (door: string, questionId: number) => `${door}?questionId=${questionId}`;
