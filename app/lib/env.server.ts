import path from "node:path";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  DATA_DIR: z.string().default("./data"),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  AI_PROVIDER: z.enum(["offline", "openai"]).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().optional(),
  AI_TRANSCRIBE_MODEL: z.string().optional(),
});

export type Env = z.infer<typeof schema> & {
  dataDir: string;
  cookieSecure: boolean;
  aiProvider: "offline" | "openai";
};

let cached: Env | undefined;

/** Reads the environment once; a bad value stops the server at start rather than mid-request. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.parse(process.env);
  cached = {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    // Secure cookies by default in production; COOKIE_SECURE=false serves plain-http setups on a home network.
    cookieSecure: parsed.COOKIE_SECURE ? parsed.COOKIE_SECURE === "true" : parsed.NODE_ENV === "production",
    aiProvider: parsed.AI_PROVIDER ?? (parsed.OPENAI_API_KEY ? "openai" : "offline"),
  };
  return cached;
}
