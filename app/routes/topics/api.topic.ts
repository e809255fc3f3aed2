import type { Route } from "./+types/api.topic";
import { requireUser } from "~/http/auth.server";
import { saveTopic } from "~/routes/topics/topic-save.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, jsonError, paramId, refuseMethod } from "~/http/responses.server";
import { topicUpdateSchema } from "~/lib/validation";
import { deleteMediaFiles } from "~/models/media.server";
import { deleteTopic, getTopic } from "~/models/topic.server";

/** GET /api/topics/{id}. */
export const loader = apiHandler(async (args: Route.LoaderArgs) => {
  const user = requireUser(args);
  const topic = await getTopic({ topicId: paramId(args.params.id), userId: user.id });
  return topic ?? jsonError(args.context, 404, "topics.notFound");
});

/** PUT /api/topics/{id} { title?, description?, preview?, archived? } (`saveTopic`) and DELETE /api/topics/{id}. */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const user = requireUser(args);
  const topicId = paramId(args.params.id);
  if (args.request.method === "PUT") {
    const changes = await readJsonInput(args.context, args.request, topicUpdateSchema);
    return saveTopic(user, { topicId, changes });
  }
  if (args.request.method === "DELETE") {
    const { mediaKeys } = await deleteTopic({ topicId, userId: user.id });
    await deleteMediaFiles(mediaKeys);
    return { ok: true, id: topicId };
  }
  return refuseMethod(args.context, ["GET", "PUT", "DELETE"]);
});
