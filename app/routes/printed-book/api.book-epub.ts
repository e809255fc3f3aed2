import type { Route } from "./+types/api.book-epub";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { keepsakeResponse } from "~/routes/printed-book/keepsake-response.server";

/**
 * GET /api/books/{id}/book.epub: the e-book (issue 38 §3, ADR 0045), an EPUB 3 with each recording beside its story,
 * for its owner or the admin; 202 with its progress (in stories) while it is being prepared.
 */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  // Making it takes seconds of CPU and writes the cache: a GET another site starts is refused (ADR 0022).
  refuseCrossSiteWrite(args);
  return keepsakeResponse(args, "epub");
});

export const action = methodNotAllowed("GET");
