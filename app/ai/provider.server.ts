import type { MessageKey } from "~/i18n/types";
import { env } from "~/platform/env.server";
import { AppError } from "~/lib/errors";
import { offlineProvider } from "./offline.server";
import type { AiProvider } from "./types";
import { createOpenAiProvider } from "./openai.server";

let openai: AiProvider | undefined;

export function aiProvider(): AiProvider {
  const config = env();
  switch (config.aiProvider) {
    case "openai":
      return (openai ??= createOpenAiProvider({
        apiKey: config.OPENAI_API_KEY!,
        baseURL: config.OPENAI_BASE_URL,
        model: config.aiModel,
        transcribeModel: config.aiTranscribeModel,
        timeoutMs: config.aiTimeoutMs,
      }));
    default:
      return offlineProvider;
  }
}

/**
 * What a failed AI call becomes for the page or /api route that made it: a 502 that says why
 * (the provider's own message) under the feature's failure title. Another AppError (e.g. a 404
 * when the topic went away meanwhile) keeps its status; anything else is a 502 with the title alone.
 */
export function aiFailure(error: unknown, failedKey: MessageKey): AppError {
  if (!(error instanceof AppError)) {
    console.error(`AI call failed (${failedKey})`, error);
    return new AppError(502, failedKey);
  }
  return error.status === 502 ? new AppError(502, error.messageKey, undefined, failedKey) : error;
}
