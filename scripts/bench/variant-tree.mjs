// A variant's tree (scripts/bench/variants.mjs): the project's files as git sees them, copied under the bench's work
// dir, with the project's node_modules linked in (config/module-paths.ts reads a linked node_modules' modules by their
// package), one patch applied and built with `react-router build`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { run } from "./processes.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const reactRouterCli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");

/** The files git would commit now: tracked ones still present, and new ones it does not ignore. */
function projectFiles() {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return [...new Set(listed.stdout.split("\0").filter(Boolean))];
}

function copyTree(tree) {
  for (const file of projectFiles()) {
    const from = path.join(root, file);
    const stat = fs.lstatSync(from, { throwIfNoEntry: false });
    if (!stat || stat.isDirectory()) continue; // deleted in the worktree, or a submodule
    const to = path.join(tree, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else fs.copyFileSync(from, to);
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"), "dir");
}

/**
 * `git apply` in the copy. The copy lies inside the project's worktree (.tmp/), where git would find the project's
 * repository and apply the patch's paths from its top: the ceiling keeps git from looking above the copy, so the copy
 * is patched as a plain folder. Answers null when the patch applied, or git's words when it no longer does.
 */
function applyPatch(tree, patch) {
  const env = { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(tree) };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  for (const args of [
    ["apply", "--check", patch],
    ["apply", patch],
  ]) {
    const applied = spawnSync("git", args, { cwd: tree, env, encoding: "utf8" });
    if (applied.status !== 0) return (applied.stderr || applied.stdout || `git apply exited ${applied.status}`).trim();
  }
  return null;
}

/**
 * Copies the tree to `<workDir>/variants/<name>` and applies the variant's patch there. Answers `{ root, remove }`, or
 * `{ stale, remove }` with git's words when the patch no longer applies (the tree moved under it: make it again,
 * bench/variants/README.md says how). `remove()` deletes the copy; the bench's clean-up removes the work dir anyway.
 */
export function patchedCopy(variant, { workDir }) {
  const tree = path.join(workDir, "variants", variant.name);
  const remove = () => fs.rmSync(tree, { recursive: true, force: true });
  remove();
  copyTree(tree);
  const stale = applyPatch(tree, variant.patch);
  return stale ? { stale, remove } : { root: tree, remove };
}

/** The patched copy (`patchedCopy`), built with `react-router build` when the patch applied. */
export async function prepareVariant(variant, { workDir }) {
  const copy = patchedCopy(variant, { workDir });
  if (copy.stale) return copy;
  try {
    await run(process.execPath, [reactRouterCli, "build"], {
      cwd: copy.root,
      env: { ...process.env, NODE_ENV: "production" },
      timeoutMs: 300_000,
      label: `the build of variant ${variant.name}`,
    });
  } catch (error) {
    copy.remove();
    throw error;
  }
  return copy;
}
