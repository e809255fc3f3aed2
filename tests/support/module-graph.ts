import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** A module's own path (relative to the project) for an import specifier, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join("app", specifier.slice(2));
  else if (specifier.startsWith("~db/")) base = path.join("db", specifier.slice(4));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile())
      return candidate.split(path.sep).join("/");
  }
  return null;
}

/**
 * The project modules a module imports: at run time only (`import type` and `import { type … }`-only lines
 * left out), or with `types` every import, type-only ones too.
 */
export function importsOf(file: string, { types = false } = {}): string[] {
  const source = fs.readFileSync(path.join(root, file), "utf8");
  const out: string[] = [];
  for (const match of source.matchAll(
    /^\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm,
  )) {
    const [, , typeOnly, names, specifier, bare] = match;
    const onlyTypes =
      Boolean(typeOnly) ||
      Boolean(
        names &&
          /^\{[^}]*\}$/.test(names.trim()) &&
          names
            .replace(/[{}]/g, "")
            .split(",")
            .every((name) => !name.trim() || name.trim().startsWith("type ")),
      );
    if (onlyTypes && !types) continue;
    const target = resolve(file, (specifier ?? bare)!);
    if (target) out.push(target);
  }
  return out;
}

/** Whether `file` loads `target`, directly or through the modules it imports. */
export function reaches(file: string, target: string): boolean {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...importsOf(next));
  }
  return false;
}
