import path from "node:path";
import { dataDirectory } from "~db/data-dir.server";

/**
 * Where the disk media store keeps a stored file (DATA_DIR/media/files, ADR 0033): for tests that look at the disk
 * itself, or take a file away to see what the app does without it. `dataDir` is the test's own DATA_DIR.
 */
export function storedFilePath(storageKey: string, variant: "full" | "thumb" = "full", dataDir = dataDirectory()) {
  const [name, extension] = storageKey.split(".");
  return path.join(dataDir, "media", "files", variant === "thumb" ? `${name}.thumb.${extension}` : storageKey);
}
