import { z } from "zod";
import { DEFAULT_DATA_DIR, dataDirectory } from "~db/data-dir.server";
import { POSTGRES_URL } from "~db/dialect";
import { MEDIA_STORE_URL } from "~db/media-store/settings";

// `FOO=` in a shell or a .env file means "not set", not "set to nothing".
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const DEFAULT_AI_MODEL = "gpt-4o-mini";
const DEFAULT_AI_TRANSCRIBE_MODEL = "whisper-1";
export const DEFAULT_AI_TIMEOUT_MS = 60_000;
/**
 * Each user's photos, recordings and covers together, in MB: room for a family's life of stories on a small home
 * server.
 */
export const DEFAULT_USER_STORAGE_QUOTA_MB = 2048;

const ON_OFF = { true: true, "1": true, false: false, "0": false } as const;

// How many reverse proxies stand in front of the app (0: none, the default). "true" is one, never "all":
// trusting every hop would let a client choose its own address by writing X-Forwarded-For itself.
const trustProxy = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, {
    error: 'must be "true" (one proxy), "false", or the number of proxies in front of Heirloom, such as 1',
  })
  .transform((value) => (value === "true" ? 1 : value === "false" ? 0 : Number(value)));

// The site's address as the family types it: an origin, since the app is served from the root of its host.
const publicUrl = z
  .url({ protocol: /^https?$/, error: "must be the site's address, such as https://family.example" })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true; // already reported as not an address (zod checks on after a failure)
      const url = new URL(value);
      return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    },
    { error: "must be the site's address without a path, such as https://family.example" },
  )
  .transform((value) => new URL(value).origin);

const schema = z
  .object({
    NODE_ENV: z.string().default("development"),
    DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    SESSION_SECRET: z.string().min(16).optional(),
    COOKIE_SECURE: optional(
      z.enum(["true", "false"], { error: 'must be "true" or "false" (unset: Secure when the request is https)' }),
    ),
    TRUST_PROXY: optional(trustProxy),
    PUBLIC_URL: optional(publicUrl),
    SERVER_TIMING: optional(z.enum(["true", "1", "false", "0"], { error: 'must be "1" or "0"' })),
    AI_PROVIDER: optional(z.enum(["offline", "openai"], { error: 'must be "offline" or "openai"' })),
    OPENAI_API_KEY: optional(z.string()),
    OPENAI_BASE_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:11434/v1" }),
    ),
    AI_MODEL: optional(z.string()),
    AI_TRANSCRIBE_MODEL: optional(z.string()),
    // How long one call to the AI server may take; tests shorten it.
    AI_TIMEOUT_MS: optional(
      z.coerce
        .number({ error: "must be a number of milliseconds" })
        .int()
        .positive({ error: "must be a positive number of milliseconds" }),
    ),
    // 0 turns the quota off.
    // Media in an S3-compatible bucket instead of DATA_DIR/media (ADR 0033); credentials come from the AWS variables.
    MEDIA_STORE: optional(
      z.string().regex(MEDIA_STORE_URL, { error: "must be s3://bucket or s3://bucket/prefix (an S3 bucket's name)" }),
    ),
    // PostgreSQL instead of SQLite in DATA_DIR (issue 21, ADR 0032).
    DATABASE_URL: optional(
      z.string().regex(POSTGRES_URL, { error: "must be a postgres:// URL such as postgres://user@host/db" }),
    ),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://minio:9000" })),
    S3_REGION: optional(z.string()),
    USER_STORAGE_QUOTA_MB: optional(
      z.coerce
        .number({ error: "must be a whole number of megabytes (0 for no quota)" })
        .int({ error: "must be a whole number of megabytes (0 for no quota)" })
        .min(0, { error: "must be a whole number of megabytes (0 for no quota)" })
        .max(1_000_000_000, { error: "must be at most 1000000000 (a petabyte)" }),
    ),
    // The weekly question by email (issue 37); each is optional, and without them the family sends it by hand.
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587" }),
    ),
    MAIL_FROM: optional(
      z.string().regex(/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, {
        error: "must be an address such as Heirloom <family@example.org>",
      }),
    ),
    MAIL_REPLY_DOMAIN: optional(
      z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { error: "must be a domain name such as reply.example.org" }),
    ),
    // Her replies (issue 37 §2): an SMTP receiver of our own, for an MX pointed at it, and a secret for a relay's pipe.
    INBOUND_SMTP_PORT: optional(
      z.coerce
        .number({ error: "must be a port number such as 2525" })
        .int({ error: "must be a port number such as 2525" })
        // 0: any free port, printed at start (the tests' choice).
        .min(0, { error: "must be a port number such as 2525" })
        .max(65535, { error: "must be a port number such as 2525" }),
    ),
    INBOUND_SECRET: optional(z.string().min(16, { error: "must be at least 16 characters" })),
    // The ffmpeg that turns an emailed AMR voice memo into one a browser plays (unset: `ffmpeg` on the PATH, if any).
    FFMPEG_PATH: optional(z.string()),
  })
  .superRefine((value, ctx) => {
    if ((value.INBOUND_SMTP_PORT || value.INBOUND_SECRET) && !value.MAIL_REPLY_DOMAIN) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_REPLY_DOMAIN"],
        message: "is needed to take replies: the domain of her questions' Reply-To, such as reply.example.org",
      });
    }
    if (value.SMTP_URL && !value.MAIL_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "is needed with SMTP_URL: the address her questions come from, such as Heirloom <family@example.org>",
      });
    }
    if (value.AI_PROVIDER === "openai" && !value.OPENAI_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["OPENAI_API_KEY"],
        message: "is needed with AI_PROVIDER=openai (servers without keys, such as Ollama, accept any value)",
      });
    }
  });

type Parsed = z.infer<typeof schema>;

export type Env = Parsed & {
  dataDir: string;
  /** "always" and "never" from COOKIE_SECURE; "auto" (unset): Secure exactly when the request is https. */
  cookieSecure: "always" | "never" | "auto";
  /** Reverse proxies in front of the app whose X-Forwarded-* headers are believed; 0 believes none. */
  trustProxyHops: number;
  /** PUBLIC_URL's origin, e.g. "https://family.example", or null when the app answers at any host. */
  publicUrl: string | null;
  /** Whether pages may tell their SQL counts and times in a Server-Timing header (SERVER_TIMING). */
  serverTiming: boolean;
  aiProvider: "offline" | "openai";
  aiModel: string;
  aiTranscribeModel: string;
  aiTimeoutMs: number;
  /** Bytes each user may store on disk (photos, recordings, covers); null: no quota. */
  storageQuotaBytes: number | null;
};

/** Explains a bad environment in terms of the variables to fix; never echoes values (some are secrets). */
function describe(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "environment"} ${issue.message}`);
  return ["Heirloom cannot start: the environment is not valid.", ...lines].join("\n");
}

/** The environment, checked: a bad value is an error that names the variable. */
export function readEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) throw new Error(describe(result.error));
  const parsed = result.data;
  return {
    ...parsed,
    dataDir: dataDirectory(parsed.DATA_DIR),
    // Unset, the Secure attribute follows the request's scheme: a home server on plain http works, https is Secure.
    cookieSecure: parsed.COOKIE_SECURE === undefined ? "auto" : parsed.COOKIE_SECURE === "true" ? "always" : "never",
    trustProxyHops: parsed.TRUST_PROXY ?? 0,
    publicUrl: parsed.PUBLIC_URL ?? null,
    serverTiming: parsed.SERVER_TIMING ? ON_OFF[parsed.SERVER_TIMING] : false,
    // docs/architecture.md, Conventions: offline unless a key says an OpenAI-compatible server is wanted.
    aiProvider: parsed.AI_PROVIDER ?? (parsed.OPENAI_API_KEY ? "openai" : "offline"),
    aiModel: parsed.AI_MODEL ?? DEFAULT_AI_MODEL,
    aiTranscribeModel: parsed.AI_TRANSCRIBE_MODEL ?? DEFAULT_AI_TRANSCRIBE_MODEL,
    aiTimeoutMs: parsed.AI_TIMEOUT_MS ?? DEFAULT_AI_TIMEOUT_MS,
    storageQuotaBytes: quotaBytes(parsed.USER_STORAGE_QUOTA_MB ?? DEFAULT_USER_STORAGE_QUOTA_MB),
  };
}

function quotaBytes(megabytes: number): number | null {
  return megabytes === 0 ? null : megabytes * 1024 * 1024;
}

let cached: Env | undefined;

/** Reads the environment once; a bad value stops the server at start rather than mid-request. */
export function env(): Env {
  return (cached ??= readEnv(process.env));
}
