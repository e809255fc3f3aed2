import crypto from "node:crypto";
import type { Route } from "./+types/api.inbound-email";
import { INBOUND_MAIL_MAX_BYTES } from "~/http/body-caps";
import { readRawBody } from "~/http/request-body.server";
import { apiHandler, jsonError, methodNotAllowed, refuseMethod } from "~/http/responses.server";
import { takeRawReply } from "~/routes/storyteller/reply-intake.server";
import { AppError } from "~/lib/errors";
import { env } from "~/platform/env.server";

const digest = (text: string) => crypto.createHash("sha256").update(text).digest();

/** Whether the request carries INBOUND_SECRET as its Bearer token, compared in constant time. */
function fromOurRelay(request: Request): boolean {
  const secret = env().INBOUND_SECRET;
  const given = /^Bearer\s+(\S+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  return Boolean(secret && given && crypto.timingSafeEqual(digest(given), digest(secret)));
}

/**
 * POST /api/inbound/email: a storyteller's reply, piped by a mail relay as the raw message (`message/rfc822`,
 * `Authorization: Bearer {INBOUND_SECRET}`; issue 37 §2). 401 without the secret; otherwise 202, also when the message
 * is refused (not mail, too large, an unknown key…), so that the relay learns nothing: the admin's Email tab says why.
 */
export const action = apiHandler(async (args: Route.ActionArgs) => {
  const { request, context } = args;
  if (request.method !== "POST") return refuseMethod(context, ["POST"]);
  if (!fromOurRelay(request)) return jsonError(context, 401, "weekly.inboundSecret");
  const isMail = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase() === "message/rfc822";
  let raw: Buffer | "too-large" | null = null;
  if (isMail)
    raw = await readRawBody(request, INBOUND_MAIL_MAX_BYTES).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 413) return "too-large" as const;
      throw error;
    });
  await takeRawReply(raw);
  return Response.json({ ok: true }, { status: 202 });
});

export const loader = methodNotAllowed("POST");
