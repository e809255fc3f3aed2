import { createContext, createCookie, redirect, type Cookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { env } from "./env.server";
import { sessionSecret } from "./secrets.server";
import type { Toast } from "./toast";

let cookie: Cookie | undefined;
function flashCookie(): Cookie {
  cookie ??= createCookie("heirloom_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().cookieSecure,
    secrets: [sessionSecret()],
  });
  return cookie;
}

type FlashState = { toast: Toast | null; consumed: boolean };
const flashContext = createContext<FlashState>({ toast: null, consumed: false });

/**
 * Reads the toast left by the previous response's redirect, and clears it once a loader has shown it.
 * A cookie rather than the session, so it works for signed-out pages and without JavaScript.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const toast = (await flashCookie().parse(request.headers.get("Cookie"))) as Toast | null;
  const state: FlashState = { toast: toast && typeof toast === "object" ? toast : null, consumed: false };
  context.set(flashContext, state);
  const response = await next();
  const setsFlash = (response.headers.get("Set-Cookie") ?? "").includes("heirloom_flash=");
  if (state.consumed && !setsFlash) {
    response.headers.append("Set-Cookie", await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) }));
  }
  return response;
};

export function consumeFlash(context: Readonly<RouterContextProvider>): Toast | null {
  const state = context.get(flashContext);
  if (!state.toast) return null;
  state.consumed = true;
  return state.toast;
}

export async function flashHeader(toast: Toast): Promise<string> {
  return flashCookie().serialize(toast);
}

/** A redirect that shows a toast on the next page, also for forms posted without JavaScript. */
export async function redirectWithToast(url: string, toast: Toast, init?: { headers?: HeadersInit }): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(toast));
  return redirect(url, { headers });
}
