import type { Route } from "./+types/api.book-pdf";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { keepsakeResponse } from "~/routes/printed-book/keepsake-response.server";

/**
 * GET /api/books/{id}/book.pdf?size=6x9|a5|letter: the printed book (issue 19), for its owner or the admin; 202 with
 * its progress while it is being prepared (issue 38).
 */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  // Making it takes seconds of CPU and writes the cache: a GET another site starts is refused (ADR 0022).
  refuseCrossSiteWrite(args);
  return keepsakeResponse(args, "pdf");
});

export const action = methodNotAllowed("GET");
