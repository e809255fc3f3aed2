import type { Route } from "./+types/api.create-user";
import { requireAdmin } from "~/http/auth.server";
import { readJsonInput } from "~/http/json-body.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { createUserSchema } from "~/lib/validation";
import { createUser, toPublicUser } from "~/models/user.server";

export const action = apiHandler(async (args: Route.ActionArgs) => {
  const admin = requireAdmin(args);
  if (args.request.method !== "POST") return refuseMethod(args.context, ["POST"]);
  const input = await readJsonInput(args.context, args.request, createUserSchema);
  const user = await createUser(input, admin.id);
  return Response.json(toPublicUser(user), { status: 201 });
});

export const loader = methodNotAllowed("POST");
