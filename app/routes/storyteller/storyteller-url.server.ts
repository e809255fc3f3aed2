import { absoluteUrl } from "../../http/request-origin.server";

/** The address of a storyteller's door on this server: PUBLIC_URL's when it is set, else as the owner reached it. */
export function storytellerUrl(request: Request, token: string): string {
  return absoluteUrl(request, `/tell/${token}`);
}
