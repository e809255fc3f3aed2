import { useI18n, useT } from "~/i18n/use-t";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { AuthSync } from "./components/layout/auth-sync";
import { useHeaderHandle } from "./components/layout/header-context";
import { useMarkPageHydrated } from "./hooks/use-page-hydration";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/ui/toaster";
import { ErrorPage } from "./components/ui/error-page";
import { getLocale, i18nextMiddleware } from "./http/i18n-middleware.server";
import { loadTranslation } from "./i18n/load";
import { translationChunk } from "./http/lazy-chunks.server";
import { authMiddleware, getOptionalUser } from "~/http/auth.server";
import { consumeFlash, flashMiddleware } from "./http/flash.server";
import { useNonce } from "./lib/nonce";
import { readTheme } from "./http/preferences.server";
import { originCheckMiddleware, securityHeadersMiddleware } from "./http/security.server";
import { cacheControlMiddleware } from "./http/cache-control.server";
import { cookieSecurityMiddleware } from "./http/cookie-security.server";
import { ready } from "~/routes/system/startup.server";
import { serverDisplayZone } from "./platform/server-time-zone.server";
import { listBookTitles } from "./models/book.server";
import { toPublicUser } from "./models/user.server";
import stylesheet from "./styles/app.css?url";

const BOOKS_MENU_LIMIT = 5;

const startupMiddleware: Route.MiddlewareFunction = async (_args, next) => {
  await ready;
  return next();
};

// The first three finish every response the others give: security headers, caching, the cookies' Secure attribute.
export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  cacheControlMiddleware,
  cookieSecurityMiddleware,
  startupMiddleware,
  i18nextMiddleware,
  originCheckMiddleware,
  flashMiddleware,
  authMiddleware,
];

export const links: Route.LinksFunction = () => [
  // With a precedence, React writes the stylesheet first in <head>, before the module preloads of <Scripts>,
  // which it hoists: the render-blocking CSS is no longer requested after the JavaScript on a slow link.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  // The detected language, unless a page's middleware switched it (a shared book reads in its own language).
  const locale = getLocale(context);
  return {
    locale,
    // entry.client imports this chunk before it hydrates; preloaded, it arrives with the other scripts.
    translationScript: translationChunk(locale) ?? null,
    theme: await readTheme(request),
    user: user ? toPublicUser(user) : null,
    books: user ? await listBookTitles({ userId: user.id, limit: BOOKS_MENU_LIMIT }) : [],
    toast: consumeFlash(context),
    timeZone: serverDisplayZone(),
  };
}

// The root loader reads cookies that other forms change; revalidate it after every action.
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The root reads its own loader's data here; everything below uses useRootData (app/hooks/use-root-data.ts).
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const i18n = useI18n();
  const lang = data?.locale ?? i18n.language ?? "en";
  const { htmlOnly } = useHeaderHandle();
  useMarkPageHydrated();
  return (
    <html lang={lang} className={`theme-${data?.theme ?? "light"}`}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="color-scheme"
          content={data?.theme === "dark" ? "dark" : data?.theme === "system" ? "light dark" : "light"}
        />
        <Meta />
        <Links />
        {data?.translationScript && !htmlOnly ? (
          <link rel="modulepreload" href={data.translationScript} nonce={nonce} />
        ) : null}
      </head>
      <body>
        {children}
        {htmlOnly ? null : <ScrollRestoration nonce={nonce} />}
        {htmlOnly ? null : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const t = useT();
  const { locale, theme, user, books, toast } = loaderData;
  const { ownsToaster, bare } = useHeaderHandle();

  // After a client-side navigation that changed the language, fetch its strings before switching.
  useEffect(() => {
    if (i18n.language === locale) return;
    void loadTranslation(locale).then((translation) => {
      i18n.addResourceBundle(locale, "translation", translation, true, true);
      return i18n.changeLanguage(locale);
    });
  }, [locale, i18n]);

  // The theme lives in a cookie (for the first byte) and is mirrored to browser storage.
  useEffect(() => {
    localStorage.setItem("heirloom:theme", theme);
  }, [theme]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      {user && !bare ? <SiteHeader user={user} books={books} locale={locale} theme={theme} /> : null}
      <AuthSync userId={user?.id ?? null} />
      <Outlet />
      {ownsToaster ? null : <Toaster toast={toast} />}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
