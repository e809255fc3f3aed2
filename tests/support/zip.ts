import zlib from "node:zlib";
import yauzl from "yauzl";

/**
 * A zip writer that does what it is told, for hostile test zips: any entry name (`../x`, `C:/x`,
 * backslashes), sizes and CRCs that lie, encryption and symlink flags, any number of entries. Real zip
 * libraries refuse to write most of these, which is the point of having this one.
 */
export type RawEntry = {
  name: string;
  data?: Uint8Array | string;
  /** 0 stores, 8 deflates (the default). */
  method?: 0 | 8;
  /** Already compressed bytes to write as they are (with `size` and `crc` of the real content). */
  compressed?: { bytes: Uint8Array; size: number; crc: number };
  /** A lie in both headers about the uncompressed size. */
  declaredSize?: number;
  /** A lie about the CRC-32. */
  crc?: number;
  encrypted?: boolean;
  symlink?: boolean;
};

export function makeZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const method = entry.method ?? 8;
    let body: Buffer;
    let size: number;
    let crc: number;
    if (entry.compressed) {
      body = Buffer.from(entry.compressed.bytes);
      size = entry.compressed.size;
      crc = entry.compressed.crc;
    } else {
      const raw =
        typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : Buffer.from(entry.data ?? new Uint8Array());
      body = method === 8 ? zlib.deflateRawSync(raw) : raw;
      size = raw.byteLength;
      crc = zlib.crc32(raw);
    }
    size = entry.declaredSize ?? size;
    crc = entry.crc ?? crc;
    const flags = 0x800 | (entry.encrypted ? 0x1 : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x5a21, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the external attributes hold a mode
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5a21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(((entry.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + body.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every file of a zip by name (directories left out), read with yauzl. */
export async function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes), { lazyEntries: true, strictFileNames: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return files;
}

/** The zip of `files` (name → content), deflated, as an export would lay it out. */
export function zipOf(files: Map<string, Uint8Array | string> | Record<string, Uint8Array | string>): Buffer {
  const list = files instanceof Map ? [...files] : Object.entries(files);
  return makeZip(list.map(([name, data]) => ({ name, data })));
}
