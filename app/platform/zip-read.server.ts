import fs from "node:fs";
import { Transform, Writable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import yauzl from "yauzl";
import { createPrivateWriteStream } from "~db/private-files.server";
import { entryNameProblem } from "../lib/keepsake-names";

/**
 * A zip opened for an import, distrusting everything in it (ADR 0014). The central directory is read
 * once, up front: too many entries, an unsafe or repeated name, a declared size over a cap, encryption,
 * a compression other than store and deflate, or a symbolic link make the whole zip a `ZipProblem`.
 * Then only the entries asked for are read, each through a counter that stops at its cap and at the
 * zip's total (whatever the headers declared: a zip bomb lies about sizes), and whose CRC-32 must match.
 * Nothing is written under an entry's name: callers read an entry into memory or into a file they name.
 */
export type ZipLimits = {
  /** Entries of any kind, directories included. */
  maxEntries: number;
  /** The largest declared size of any one entry. */
  maxEntryBytes: number;
  /** The declared sizes of all entries added up, and the bytes actually inflated by all reads. */
  maxTotalBytes: number;
};

export type ZipProblemKind =
  | "notZip"
  | "damaged"
  | "unsafeName"
  | "duplicateName"
  | "tooManyEntries"
  | "tooLarge"
  | "encrypted"
  | "unsupported";

export class ZipProblem extends Error {
  constructor(
    readonly kind: ZipProblemKind,
    readonly entry?: string,
  ) {
    super(entry ? `${kind}: ${entry}` : kind);
    this.name = "ZipProblem";
  }
}

export type ZipEntryInfo = { name: string; size: number };

export type SafeZip = {
  /** Every entry by its name. */
  entries: Map<string, ZipEntryInfo>;
  /** An entry's bytes, refused past `maxBytes`. */
  readBuffer: (name: string, maxBytes: number) => Promise<Buffer>;
  /** An entry's bytes into a new file at `file` (created, never overwritten), refused past `maxBytes`. */
  extractTo: (name: string, file: string, maxBytes: number) => Promise<number>;
  close: () => void;
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Counts the bytes going through, stops past a cap, and computes their CRC-32. */
class CountingStream extends Transform {
  bytes = 0;
  crc = 0;
  constructor(
    private readonly cap: number,
    private readonly onBytes: (n: number) => void,
    private readonly entry: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.byteLength;
    try {
      this.onBytes(chunk.byteLength);
    } catch (error) {
      return callback(error as Error);
    }
    if (this.bytes > this.cap) return callback(new ZipProblem("tooLarge", this.entry));
    this.crc = zlib.crc32(chunk, this.crc);
    callback(null, chunk);
  }
}

function open(file: string): Promise<yauzl.ZipFile> {
  return yauzl
    .openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
      strictFileNames: true,
    })
    .catch(() => {
      throw new ZipProblem("notZip");
    });
}

export async function openSafeZip(file: string, limits: ZipLimits): Promise<SafeZip> {
  const zip = await open(file);
  // Errors reach the caller through the promises below; an 'error' event with no listener would end the process.
  zip.on("error", () => {});
  const raw = new Map<string, yauzl.Entry>();
  const entries = new Map<string, ZipEntryInfo>();
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipProblem("tooManyEntries");
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (raw.size >= limits.maxEntries) throw new ZipProblem("tooManyEntries");
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
        if (entryNameProblem(name)) throw new ZipProblem("unsafeName", name);
        if (raw.has(name)) throw new ZipProblem("duplicateName", name);
        if (entry.isEncrypted()) throw new ZipProblem("encrypted", name);
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new ZipProblem("unsupported", name);
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new ZipProblem("unsupported", name);
        if (entry.uncompressedSize > limits.maxEntryBytes) throw new ZipProblem("tooLarge", name);
        declared += entry.uncompressedSize;
        if (declared > limits.maxTotalBytes) throw new ZipProblem("tooLarge");
        raw.set(name, entry);
        entries.set(name, { name, size: entry.uncompressedSize });
      }
    } catch (error) {
      if (error instanceof ZipProblem) throw error;
      throw new ZipProblem("damaged");
    }
  } catch (error) {
    zip.close();
    throw error;
  }

  let inflated = 0;
  const countTotal = (n: number) => {
    inflated += n;
    if (inflated > limits.maxTotalBytes) throw new ZipProblem("tooLarge");
  };

  async function copy(name: string, maxBytes: number, sink: NodeJS.WritableStream): Promise<number> {
    const entry = raw.get(name);
    if (!entry) throw new ZipProblem("damaged", name);
    if (entry.uncompressedSize > maxBytes) throw new ZipProblem("tooLarge", name);
    const counter = new CountingStream(Math.min(maxBytes, entry.uncompressedSize), countTotal, name);
    try {
      const source = await zip.openReadStreamPromise(entry);
      await pipeline(source, counter, sink);
    } catch (error) {
      // A failing disk is the server's problem (500), not the zip's.
      if (error instanceof ZipProblem || (error instanceof Error && "syscall" in error)) throw error;
      throw new ZipProblem("damaged", name);
    }
    // yauzl checks the byte count against the header; the CRC is ours to check.
    if (counter.bytes !== entry.uncompressedSize || counter.crc !== entry.crc32) throw new ZipProblem("damaged", name);
    return counter.bytes;
  }

  return {
    entries,
    async readBuffer(name, maxBytes) {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      await copy(name, maxBytes, sink);
      return Buffer.concat(chunks);
    },
    async extractTo(name, file, maxBytes) {
      const out = createPrivateWriteStream(file, "wx");
      try {
        return await copy(name, maxBytes, out);
      } catch (error) {
        out.destroy();
        await fs.promises.rm(file, { force: true });
        throw error;
      }
    },
    close: () => zip.close(),
  };
}
