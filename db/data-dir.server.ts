import path from "node:path";

/** Where DATA_DIR points when it is not set. */
export const DEFAULT_DATA_DIR = "./data";

/**
 * DATA_DIR as an absolute path: the folder of the database, the media files and the generated secrets.
 * The storage layer reads it here; the app's settings (app/platform/env.server.ts) report the same value.
 */
export function dataDirectory(value: string | undefined = process.env.DATA_DIR): string {
  return path.resolve(value ?? DEFAULT_DATA_DIR);
}
