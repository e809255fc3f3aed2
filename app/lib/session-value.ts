/**
 * This visit's sessionStorage, read and written without throwing: a private window or a full store refuses it, and
 * then the value simply lasts no longer than the page. `writeSessionValue` says whether it was kept.
 */
export function readSessionValue(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionValue(key: string, value: string): boolean {
  try {
    sessionStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
