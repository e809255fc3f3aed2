import { absoluteUrl, siteOrigin } from "../../http/request-origin.server";

/** The address of a storyteller's door on this server: PUBLIC_URL's when it is set, else as the owner reached it. */
export function storytellerUrl(request: Request, token: string): string {
  return absoluteUrl(request, `/tell/${token}`);
}

/** The site's address as the owner reached it, kept on a link for the mail written later without a request. */
export const linkOrigin = (request: Request): string => siteOrigin(request);
