/** The address of a shared book on this server, as the owner's browser reached it. */
export function shareUrl(request: Request, token: string): string {
  return new URL(`/s/${token}`, request.url).toString();
}
