import path from "node:path";
import { dataDirectory } from "../data-dir.server";
import { diskStore } from "./disk.server";
import { mediaStoreSettings } from "./settings";
import type { MediaStore } from "./store";

export { MediaStoreUnavailable, type MediaStore, type StoredObject } from "./store";

let store: Promise<MediaStore> | undefined;

/**
 * The process's media store, made on first use from MEDIA_STORE. The S3 client is loaded only when it is wanted: a
 * home server on its disk never pays for it.
 */
export function mediaStore(): Promise<MediaStore> {
  store ??= (async () => {
    const media = path.join(dataDirectory(), "media");
    const settings = mediaStoreSettings();
    if (!settings) return diskStore(media);
    const { s3Store } = await import("./s3.server");
    return s3Store(settings, path.join(media, "tmp"));
  })();
  return store;
}
