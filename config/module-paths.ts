// What the build's rules (chunk groups, the lazy-chunk keys) may know about a module: where it is inside
// the project, or which npm package it comes from. Never the absolute id as a whole: a checkout at
// ~/code/app/heirloom or in Docker's usual WORKDIR /app has "/app/" in every absolute id, node_modules
// included, and a pattern run over the absolute id matches the folder above the project.

/** Vite's ids use forward slashes on every system; a root or id given with backslashes is made alike. */
const slashes = (file: string) => file.replaceAll("\\", "/");

/**
 * A module's path relative to the project root (Vite's resolved `root`), with forward slashes and without
 * a query (`?v=…`, `?import`): "app/i18n/en.ts", "node_modules/react/index.js". Undefined for a virtual
 * module (`\0…`) and for a file outside the root (a node_modules linked from elsewhere).
 */
export function projectPath(root: string, id: string): string | undefined {
  if (id.startsWith("\0")) return undefined;
  const file = slashes(id).replace(/[?#].*$/, "");
  const base = slashes(root).replace(/\/+$/, "");
  if (!file.startsWith(`${base}/`)) return undefined;
  return file.slice(base.length + 1);
}

/**
 * The app's own source under `app/` (React Router's app directory), relative to it: "i18n/en.ts". Never a file of
 * node_modules.
 */
export function appPath(root: string, id: string): string | undefined {
  const relative = projectPath(root, id);
  return relative?.startsWith("app/") ? relative.slice("app/".length) : undefined;
}

/**
 * The npm package a module belongs to ("react-dom", "@dnd-kit/core"): the folder after the last
 * `node_modules` of its path inside the project (of its whole id when it lies outside, as a linked
 * node_modules does). The folders above the project never count: ~/node_modules/react/heirloom/app/root.tsx
 * is the app's, not React's.
 */
export function packageOf(root: string, id: string): string | undefined {
  if (id.startsWith("\0")) return undefined;
  const parts = (projectPath(root, id) ?? slashes(id).replace(/[?#].*$/, "")).split("/");
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return undefined;
  const [first, second] = parts.slice(at + 1);
  if (!first) return undefined;
  return first.startsWith("@") ? (second ? `${first}/${second}` : undefined) : first;
}
