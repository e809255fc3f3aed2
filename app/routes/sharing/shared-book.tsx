import type { Route } from "./+types/shared-book";
import type { HeaderHandle } from "~/components/layout/header-context";
import { SharedBookView } from "~/routes/sharing/components/shared-book-view";
import { SharedLinkNotFound } from "~/routes/sharing/components/shared-link-not-found";
import { pageTitle } from "~/lib/meta";
import { sharedBook } from "~/routes/sharing/shared-book.server";
import { sharedPage } from "~/routes/sharing/shared-page.server";
import latinSerif from "@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff2?url";
import { ReaderStyles } from "~/routes/sharing/components/reader-styles";

// No JavaScript: the page is whole as HTML, for slow phones and for printing.
export const handle: HeaderHandle = { htmlOnly: true };

// The book's face, on this page only. Every book's text uses the latin subset (digits, spaces, most letters), so
// it is asked for at once rather than once the text is laid out.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: latinSerif, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * The book is read before the loaders, so the whole page is in its language (app/routes/sharing/shared-page.server.ts).
 */
const page = sharedPage((params) => sharedBook(params.token ?? ""));
export const middleware: Route.MiddlewareFunction[] = [page.middleware];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.title),
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ context }: Route.LoaderArgs) {
  const shared = page.read(context);
  // A wrong, expired or revoked link is a 404 that says so, and nothing more.
  if (!shared) throw new Response(null, { status: 404 });
  return { title: shared.book.title, shared };
}

export default function SharedBookPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ReaderStyles />
      <SharedBookView book={loaderData.shared} />
    </>
  );
}

export function ErrorBoundary() {
  return <SharedLinkNotFound />;
}
