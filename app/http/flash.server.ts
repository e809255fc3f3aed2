import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { sessionSecret } from "../platform/secrets.server";
import { signedCookie, type SignedCookie } from "./signed-cookie.server";
import type { Toast } from "../lib/toast";

let cookie: SignedCookie | undefined;
function flashCookie(): SignedCookie {
  cookie ??= signedCookie({ name: "heirloom_flash", secret: sessionSecret });
  return cookie;
}

function parseToast(value: string | null): Toast | null {
  if (!value) return null;
  try {
    const toast = JSON.parse(value) as Toast;
    return toast && typeof toast === "object" && typeof toast.title === "string" ? toast : null;
  } catch {
    return null;
  }
}

type FlashState = { toast: Toast | null; consumed: boolean };
const flashContext = createContext<FlashState>({ toast: null, consumed: false });

/**
 * Reads the toast left by the previous response's redirect, and clears it once a loader has shown it.
 * A cookie rather than the session, so it works for signed-out pages and without JavaScript.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const state: FlashState = { toast: parseToast(flashCookie().read(request.headers.get("Cookie"))), consumed: false };
  context.set(flashContext, state);
  const response = await next();
  const setsFlash = (response.headers.get("Set-Cookie") ?? "").includes("heirloom_flash=");
  if (state.consumed && !setsFlash) {
    response.headers.append("Set-Cookie", flashCookie().clear());
  }
  return response;
};

export function consumeFlash(context: Readonly<RouterContextProvider>): Toast | null {
  const state = context.get(flashContext);
  if (!state.toast) return null;
  state.consumed = true;
  return state.toast;
}

function flashHeader(toast: Toast): string {
  return flashCookie().serialize(JSON.stringify(toast));
}

/** A redirect that shows a toast on the next page, also for forms posted without JavaScript. */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init?: { headers?: HeadersInit },
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashHeader(toast));
  return redirect(url, { headers });
}
