import type { Route } from "./+types/api.print-package";
import { apiHandler, methodNotAllowed } from "~/http/responses.server";
import { refuseCrossSiteWrite } from "~/http/writing-get.server";
import { keepsakeResponse } from "~/routes/printed-book/keepsake-response.server";

/**
 * GET /api/books/{id}/print-package.zip?size=6x9|a5|letter&paper=cream|white[&code=1]: the print shop's package
 * (issue 38 §2): `interior.pdf`, `cover.pdf` and `README.txt`, with the share page's code on the back cover when
 * `code=1` and the book has a lasting link. The owner's or the admin's; 202 with its progress while it is prepared.
 */
export const loader = apiHandler((args: Route.LoaderArgs) => {
  // Making it takes seconds of CPU and writes the cache: a GET another site starts is refused (ADR 0022).
  refuseCrossSiteWrite(args);
  return keepsakeResponse(args, "print");
});

export const action = methodNotAllowed("GET");
