import type { RouterContextProvider } from "react-router";
import { AppError } from "../lib/errors";
import { translate } from "./responses.server";

/**
 * A long answer as it is produced (`?stream=1`): newline-delimited JSON events, `{"text": …}` for
 * each piece, then `{"done": true, …result}`, or `{"error": message, "status": …}` if it failed
 * midway (the status line was already sent). `no-transform` keeps the compression middleware from
 * holding the pieces back.
 */
export function ndjsonResponse(
  context: Readonly<RouterContextProvider>,
  work: (onText: (text: string) => void) => Promise<object>,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        const result = await work((text) => send({ text }));
        send({ done: true, ...result });
      } catch (error) {
        if (!(error instanceof AppError)) console.error("streamed answer failed", error);
        const failure = error instanceof AppError ? error : new AppError(502, "errors.server");
        send({
          error: translate(context, failure.messageKey),
          title: failure.titleKey ? translate(context, failure.titleKey) : undefined,
          status: failure.status,
        });
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "private, no-store, no-transform",
    },
  });
}
