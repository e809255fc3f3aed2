import { absoluteUrl } from "./request-origin.server";

/** The address of a shared book on this server: PUBLIC_URL's when it is set, else as the owner's browser reached it. */
export function shareUrl(request: Request, token: string): string {
  return absoluteUrl(request, `/s/${token}`);
}
