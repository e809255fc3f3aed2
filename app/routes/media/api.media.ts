import type { Route } from "./+types/api.media";
import { requireUser } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, paramId, refuseMethod } from "~/http/responses.server";
import { mediaDescriptionSchema } from "~/lib/validation";
import { deleteMedia, updateMediaDescription } from "~/models/media.server";

/** PUT /api/media/{id} `{description}` and DELETE /api/media/{id}, for the owner of the story's book only. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const mediaId = paramId(args.params.id);
  if (args.request.method === "PUT") {
    const body = await readJsonInput(args.context, args.request, mediaDescriptionSchema);
    return updateMediaDescription({ mediaId, userId: user.id, description: body.description });
  }
  if (args.request.method === "DELETE") {
    await deleteMedia({ mediaId, userId: user.id });
    return { ok: true, id: mediaId };
  }
  return refuseMethod(args.context, ["PUT", "DELETE"]);
});

export const loader = methodNotAllowed("PUT", "DELETE");
