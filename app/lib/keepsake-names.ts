// Names in and around a keepsake zip (ADR 0014): which entry names an import accepts, the readable names
// an export gives its folders and files, and the download's file name. Pure, so it is tested alone.

/** The longest entry name an import accepts, in characters. */
const ENTRY_NAME_MAX = 400;

export type EntryNameProblem =
  | "empty"
  | "tooLong"
  | "control"
  | "backslash"
  | "absolute"
  | "drive"
  | "colon"
  | "dotSegment"
  | "emptySegment";

/**
 * Why an entry name in a zip is unsafe, or null when it is a plain relative path. An import never writes
 * a file under an entry's name (it reads the entries it needs into files it names itself), but a name
 * that tries to climb out of a folder or be absolute is a hostile zip, refused whole: `..` and `.`
 * segments, a leading `/`, a drive letter, a backslash (a separator on Windows), a colon (a drive or an
 * NTFS stream), control characters and NUL, and empty segments (`a//b`). A directory entry ends in `/`.
 */
export function entryNameProblem(name: string): EntryNameProblem | null {
  if (name.length === 0) return "empty";
  if (name.length > ENTRY_NAME_MAX) return "tooLong";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "control";
  if (name.includes("\\")) return "backslash";
  if (name.startsWith("/")) return "absolute";
  if (/^[A-Za-z]:/.test(name)) return "drive";
  if (name.includes(":")) return "colon";
  const segments = (name.endsWith("/") ? name.slice(0, -1) : name).split("/");
  if (segments.some((segment) => segment === "." || segment === "..")) return "dotSegment";
  if (segments.some((segment) => segment === "")) return "emptySegment";
  return null;
}

export const isDirectoryEntry = (name: string) => name.endsWith("/");

/**
 * "Bà nội ở Huế!" → "ba-noi-o-hue": lower-case ASCII letters, digits and dashes, for the names of the
 * files and folders an export writes (readable in any unzip tool on any system), or `fallback`.
 */
export function slugify(
  text: string,
  { max = 40, fallback = "item" }: { max?: number; fallback?: string } = {},
): string {
  const slug = asciiFold(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, max)
    .replace(/^-+|-+$/g, "");
  return slug || fallback;
}

/** Vietnamese (and other accented Latin) text without its marks: "Đường về quê" → "Duong ve que". */
export function asciiFold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D");
}

/** A file name that every system accepts: no separators, reserved or control characters, at most 150 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.slice(0, 150).trim() || "Heirloom";
}

// RFC 5987: percent-encode everything but the attr-chars, which encodeURIComponent leaves only partly.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="Ba noi - Heirloom.zip"; filename*=UTF-8''B%C3%A0%20n%E1%BB%99i…`: the plain
 * ASCII name for old clients, and the real (Vietnamese) one for every browser of today.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = asciiFold(name)
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
