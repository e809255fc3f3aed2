// Types of scripts/backup.mjs, for the tests that call it in-process.
export class BackupError extends Error {}

export type BackupManifest = {
  format: 1;
  app: "heirloom";
  appVersion: string | null;
  createdAt: string;
  dataDir: string;
  database: {
    file: "heirloom.db";
    size: number;
    sha256: string;
    integrityCheck: "ok";
    migrations: { count: number; last: string | null };
    rows: { users: number; books: number; stories: number; media: number };
  };
  media: { folder: "media"; files: number; bytes: number; missing: string[] } | { store: string; copied: false };
  secrets: "secrets.json" | null;
  snapshots: number;
};

export function timestamp(date?: Date): string;
export function resolveTarget(options?: { args?: string[]; env?: Record<string, string | undefined>; now?: Date }): {
  dataDir: string;
  destination: string;
};
export function backup(options: {
  dataDir: string;
  destination: string;
  log?: (line: string) => void;
  hooks?: { afterSnapshot?: (attempt: number) => void | Promise<void> };
  /** MEDIA_STORE: media kept in that bucket are not copied (ADR 33). */
  mediaStore?: string | null;
}): Promise<BackupManifest>;
