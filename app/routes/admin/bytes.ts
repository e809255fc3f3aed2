// A size for people: "0 B", "812 KB", "3.4 MB", "1.2 GB" ("3,4 MB" in Vietnamese). Arithmetic, not Intl,
// so the server and the browser write the same text (ADR 17: a browser's first Intl formatter is slow).

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number, locale: string = "en"): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 1023.6 KB would be written "1024 KB": from there it is the next unit.
  while (value >= 1023.5 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 10 (3.4 MB), none above (812 KB), none for bytes.
  const rounded =
    unit === 0 || value >= 10
      ? String(Math.round(value))
      : (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
  return `${locale === "vi" ? rounded.replace(".", ",") : rounded} ${UNITS[unit]}`;
}
