import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** A local S3-compatible server for one test file (ADR 0033): s3rver, on loopback, over a temporary folder. */
export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The variables that point Heirloom at it (MEDIA_STORE under the prefix `media/`, and its credentials). */
  env: Record<string, string>;
  /** Every key in the bucket, without the prefix, sorted. */
  keys: () => Promise<string[]>;
  /** Every object in the bucket as "key size", without the prefix, sorted. */
  objects: () => Promise<string[]>;
  /** Stops answering (the port refuses connections) until `start` is called again. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  remove: () => Promise<void>;
};

const BUCKET = "heirloom-test";
const PREFIX = "media/";
// s3rver's fixed credentials.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-s3-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = (await server.run()) as { port: number };
    port = address.port;
  };
  const stop = async () => {
    const closing = server?.close();
    // close() only stops new connections: a client's keep-alive socket would still be answered, and a store that
    // "stopped" would take some requests and refuse others. Out of reach means every connection goes.
    server?.httpServer?.closeAllConnections();
    await closing;
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const list = async () => {
    const found: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      for (const item of page.Contents ?? [])
        if (item.Key) found.push({ key: item.Key.slice(PREFIX.length), size: item.Size ?? 0 });
      token = page.NextContinuationToken;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  };
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      MEDIA_STORE: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys() {
      return (await list()).map(({ key }) => key);
    },
    async objects() {
      return (await list()).map(({ key, size }) => `${key} ${size}`);
    },
    stop,
    start,
    async remove() {
      await stop();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
