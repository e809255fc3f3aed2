/** What the store knows of a kept object. `etag` changes whenever its bytes do. */
export type StoredObject = { size: number; etag: string };

/** Objects `list` answers at a time: S3's own page. */
export const LIST_PAGE_SIZE = 1000;
/** Keys `remove` takes at a time: the most S3 removes in one request. */
export const REMOVE_BATCH_SIZE = 1000;

/** An object found by `list`: its key and when its bytes were written. */
export type ListedObject = { key: string; modifiedAt: Date };

/** Bytes to keep: a file on this machine (an upload's temporary file, moved or sent), or bytes in memory. */
export type Source = { file: string } | { bytes: Uint8Array };

/**
 * Where media files live (issue 21, ADR 0033): a folder under DATA_DIR, or an S3-compatible bucket. Keys are made by
 * the app (`files/<hex>.<ext>`, `covers/<hex>.webp`), never by a user. Every operation keeps the same promises on
 * both: an object is there whole or not at all, ranges are read without the rest, and a store that cannot be reached
 * throws `MediaStoreUnavailable`, never half an answer.
 */
export interface MediaStore {
  readonly kind: "disk" | "s3";
  /** Keeps `source` under `key`. A `file` source is consumed: moved, or sent and then removed. */
  put(key: string, source: Source, contentType: string): Promise<void>;
  /** The object's size and tag, or null when there is none under `key`. */
  stat(key: string): Promise<StoredObject | null>;
  /** Bytes `start` to `end` (inclusive) of the object, as a stream; null when there is none. */
  read(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** The whole object in memory (covers, small files); null when there is none. */
  readBytes(key: string): Promise<Buffer | null>;
  /**
   * The objects under `folder/` ("files", "covers"), `pageSize` at a time. An object written while the listing runs
   * may or may not be in it; a disk's unfinished `*.tmp` files are not.
   */
  list(folder: string, pageSize?: number): AsyncIterable<ListedObject[]>;
  /** Removes objects, `batchSize` keys to a request to the store; keys that are not there are no error. */
  remove(keys: string[], batchSize?: number): Promise<void>;
  /**
   * Runs `use` with a file on this machine holding the object's bytes, for tools that read files (sharp,
   * music-metadata, a Blob sent to an AI server): the stored file itself on disk, a temporary copy otherwise, removed
   * once `use` is done. Null, without calling `use`, when there is no object.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T | null>;
}

/** The store could not be reached or refused to work: nothing was kept, and the request may be tried again later. */
export class MediaStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super("The media store cannot be reached", { cause });
    this.name = "MediaStoreUnavailable";
  }
}
