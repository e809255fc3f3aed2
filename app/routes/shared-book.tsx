import { createContext } from "react-router";
import type { Route } from "./+types/shared-book";
import type { HeaderHandle } from "~/components/layout/header-context";
import { SharedBookView } from "~/components/share/shared-book-view";
import { useT } from "~/i18n/use-t";
import { getI18n } from "~/i18n/middleware.server";
import { pageTitle } from "~/lib/meta";
import { sharedBook, type SharedBook } from "~/services/shared-book.server";
import latinSerif from "@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2?url";
import readerStyles from "~/styles/reader.css?inline";

// No JavaScript: the page is whole as HTML, for slow phones and for printing.
export const handle: HeaderHandle = { htmlOnly: true };

// The book's face, on this page only. Every book's text uses the latin subset (digits, spaces, most letters), so
// it is asked for at once rather than once the text is laid out.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: latinSerif, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

const sharedBookContext = createContext<SharedBook | null>(null);

/**
 * The book is read before the loaders so the whole page (the <html lang> and every word around the
 * family's text) is in the book's language, whoever opens the link. Nothing of it is for search engines
 * or for the sites its readers go to next.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ params, context }, next) => {
    const shared = sharedBook(params.token ?? "");
    context.set(sharedBookContext, shared);
    if (shared) await getI18n(context).changeLanguage(shared.book.language);
    const response = await next();
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    response.headers.set("Referrer-Policy", "no-referrer");
    return response;
  },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.title),
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ context }: Route.LoaderArgs) {
  const shared = context.get(sharedBookContext);
  // A wrong, expired or revoked link is a 404 that says so, and nothing more.
  if (!shared) throw new Response(null, { status: 404 });
  return { title: shared.book.title, shared };
}

/**
 * The book's stylesheet is written into the page (1.6 kB of gzip) rather than linked: a second render-blocking
 * request cost a slow phone about 100 ms before the first words. React puts it in the <head>.
 */
export default function SharedBookPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <style href="reader" precedence="default">
        {readerStyles}
      </style>
      <SharedBookView book={loaderData.shared} />
    </>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("reader.notFoundTitle")}</h1>
      <p>{t("reader.notFoundText")}</p>
    </main>
  );
}
