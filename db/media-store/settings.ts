/** Where the bucket is and how to reach it: MEDIA_STORE=s3://bucket/prefix, S3_ENDPOINT, S3_REGION (ADR 0033). */
export type S3Settings = {
  bucket: string;
  /** "" or a folder ending in "/": every key is under it. */
  prefix: string;
  /** An S3-compatible server (R2, MinIO, …); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); unset, the SDK's chain (a profile, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

/** `s3://bucket` or `s3://bucket/prefix`, with a bucket name as S3 allows it. */
export const MEDIA_STORE_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

/**
 * MEDIA_STORE read once (ADR 0033): unset, files under DATA_DIR/media; `s3://bucket/prefix`, that bucket of the store
 * at S3_ENDPOINT (AWS itself when unset) in S3_REGION (us-east-1 when unset). Anything else stops the start, naming
 * the variable.
 */
export function mediaStoreSettings(variables: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const value = variables.MEDIA_STORE?.trim();
  if (!value) return null;
  const match = MEDIA_STORE_URL.exec(value);
  if (!match) throw new Error("MEDIA_STORE must be s3://bucket or s3://bucket/prefix (an S3 bucket name)");
  const folder = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (folder.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`MEDIA_STORE's prefix may not hold "." or ".." folders`);
  const endpoint = variables.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !URL.canParse(endpoint)) throw new Error("S3_ENDPOINT must be a URL");
  return {
    bucket: match[1]!,
    prefix: folder ? `${folder}/` : "",
    endpoint,
    region: variables.S3_REGION?.trim() || "us-east-1",
    credentials:
      variables.AWS_ACCESS_KEY_ID && variables.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: variables.AWS_ACCESS_KEY_ID,
            secretAccessKey: variables.AWS_SECRET_ACCESS_KEY,
            sessionToken: variables.AWS_SESSION_TOKEN || undefined,
          }
        : undefined,
  };
}
