import type { Route } from "./+types/admin.create-user";
import { requireAdmin } from "~/services/auth.server";
import { readJsonInput } from "~/lib/json-body.server";
import { apiHandler, methodNotAllowed, refuseMethod } from "~/lib/http.server";
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
