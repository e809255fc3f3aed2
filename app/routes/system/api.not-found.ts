import type { Route } from "./+types/api.not-found";
import { jsonError } from "~/http/responses.server";

// An unknown /api path answers in the API's own error shape, whatever the method.
export const loader = ({ context }: Route.LoaderArgs) => jsonError(context, 404, "errors.notFound");
export const action = ({ context }: Route.ActionArgs) => jsonError(context, 404, "errors.notFound");
