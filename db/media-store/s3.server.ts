import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { ensurePrivateDir, writePrivateFile } from "../private-files.server";
import type { S3Settings } from "./settings";
import { LIST_PAGE_SIZE, type MediaStore, MediaStoreUnavailable, REMOVE_BATCH_SIZE, type Source } from "./store";

// Parts of a multipart upload: S3's smallest but the last is 5 MiB. Two at a time keep at most 16 MiB in memory.
const PART_SIZE = 8 * 1024 * 1024;

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);

/** Anything but "no such key" means the store did not do what was asked: it is reported as unavailable. */
function unavailable(error: unknown): never {
  throw new MediaStoreUnavailable(error);
}

/**
 * Media in an S3-compatible bucket. Uploads are streamed (a multipart upload above one part, aborted on failure, so an
 * object is there whole or not at all), ranges are asked of the store, and a file needed on this machine is
 * downloaded into `tmpDir` and removed after use.
 */
export function s3Store(settings: S3Settings, tmpDir: string): MediaStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Stores other than AWS (MinIO, older R2) answer path-style requests, and not all take the newer checksums.
    forcePathStyle: Boolean(settings.endpoint),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: settings.credentials,
    // A store that does not answer must not hold a request for long: connecting 5 s, then 30 s without a byte.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => `${settings.prefix}${key}`;
  const object = async (key: string, Range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: Key(key), Range }));
    } catch (error) {
      return missing(error) ? null : unavailable(error);
    }
  };
  return {
    kind: "s3",
    async put(key, source: Source, ContentType) {
      try {
        if ("bytes" in source) {
          await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: source.bytes, ContentType }));
          return;
        }
        const upload = new Upload({
          client,
          params: { Bucket, Key: Key(key), Body: createReadStream(source.file), ContentType },
          partSize: PART_SIZE,
          queueSize: 2,
          leavePartsOnError: false,
        });
        await upload.done();
        await fs.rm(source.file, { force: true });
      } catch (error) {
        unavailable(error);
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"` };
      } catch (error) {
        return missing(error) ? null : unavailable(error);
      }
    },
    async read(key, start, end) {
      const answer = await object(key, `bytes=${start}-${end}`);
      return answer?.Body ? (answer.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    },
    async readBytes(key) {
      const answer = await object(key);
      if (!answer?.Body) return null;
      try {
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        return unavailable(error);
      }
    },
    async *list(folder, pageSize = LIST_PAGE_SIZE) {
      let ContinuationToken: string | undefined;
      do {
        const answer = await client
          .send(new ListObjectsV2Command({ Bucket, Prefix: Key(`${folder}/`), MaxKeys: pageSize, ContinuationToken }))
          .catch(unavailable);
        yield (answer.Contents ?? []).flatMap((item) =>
          item.Key && item.LastModified
            ? [{ key: item.Key.slice(settings.prefix.length), modifiedAt: item.LastModified }]
            : [],
        );
        ContinuationToken = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    // One DeleteObjects for up to a thousand keys (a book's photos, their thumbnails and recordings went one request
    // each). With Content-MD5: S3 requires a checksum of the list, and MinIO and older S3-compatible stores take no
    // other. A key the store could not remove comes back in the answer's Errors, under a 200.
    async remove(keys, batchSize = REMOVE_BATCH_SIZE) {
      try {
        for (let start = 0; start < keys.length; start += batchSize) {
          const Objects = keys.slice(start, start + batchSize).map((key) => ({ Key: Key(key) }));
          const answer = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true }, ChecksumAlgorithm: "MD5" }),
          );
          const kept = answer.Errors ?? [];
          if (kept.length > 0)
            throw new Error(`The store kept ${kept.length} object(s): ${kept[0]?.Key} (${kept[0]?.Code})`);
        }
      } catch (error) {
        unavailable(error);
      }
    },
    async withLocalFile(key, use) {
      const answer = await object(key);
      if (!answer?.Body) return null;
      await ensurePrivateDir(tmpDir);
      const file = path.join(tmpDir, `${crypto.randomBytes(16).toString("hex")}${path.extname(key)}`);
      try {
        await writePrivateFile(file, new Uint8Array(0));
        await pipeline(answer.Body as Readable, (await fs.open(file, "w")).createWriteStream()).catch(unavailable);
        return await use(file);
      } finally {
        await fs.rm(file, { force: true });
      }
    },
  };
}
