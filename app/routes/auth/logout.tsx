import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/http/session.server";

export async function action({ request }: Route.ActionArgs) {
  throw redirect("/login", { headers: { "Set-Cookie": await endSession(request) } });
}

// GET never signs anyone out (it could be triggered by a link from another site).
export function loader() {
  throw redirect("/");
}
