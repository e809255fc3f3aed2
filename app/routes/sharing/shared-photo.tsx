import type { Route } from "./+types/shared-photo";
import type { HeaderHandle } from "~/components/layout/header-context";
import { SharedLinkNotFound } from "~/routes/sharing/components/shared-link-not-found";
import { SharedPhotoView } from "~/routes/sharing/components/shared-photo-view";
import { pageTitle } from "~/lib/meta";
import { sharedPhoto } from "~/routes/sharing/shared-book.server";
import { sharedPage } from "~/routes/sharing/shared-page.server";
import { ReaderStyles } from "~/routes/sharing/components/reader-styles";

// A page of the shared book like the reading page: whole as HTML, no JavaScript, the same CSP.
export const handle: HeaderHandle = { htmlOnly: true };

const page = sharedPage((params) => sharedPhoto(params.token ?? "", params.mediaId ?? ""));
export const middleware: Route.MiddlewareFunction[] = [page.middleware];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageTitle(loaderData?.title),
  { name: "robots", content: "noindex, nofollow" },
];

/** GET /s/{token}/photos/{mediaId}: one photo of a published story, full size, with its caption and the way back. */
export function loader({ context }: Route.LoaderArgs) {
  const found = page.read(context)?.page;
  // A wrong link, or a photo the link does not show (a draft's, a recording, another book's): the same 404.
  if (!found) throw new Response(null, { status: 404 });
  return { title: `${found.photo.description || found.story.title} · ${found.book.title}`, page: found };
}

export default function SharedPhotoPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ReaderStyles />
      <SharedPhotoView page={loaderData.page} />
    </>
  );
}

export function ErrorBoundary() {
  return <SharedLinkNotFound />;
}
