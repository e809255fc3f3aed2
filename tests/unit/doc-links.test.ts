import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The documents lead somewhere: every relative link in a tracked Markdown file names a file that exists, and a
// `#anchor` into a Markdown file names one of its headings, as GitHub renders them. The README was split into
// docs/ (issue 36), and a split like that breaks links that only a reader would otherwise find.

const root = path.resolve(import.meta.dirname, "..", "..");
const documents = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && fs.existsSync(path.join(root, file)));
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** A heading's anchor as GitHub makes it: lower case, without punctuation or symbols, spaces made hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown file offers: its headings' (a repeated one gets -1, -2, …) and any HTML id. */
function anchorsOf(file: string): Set<string> {
  const text = read(file).replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "");
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/\bid="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** Relative targets of inline links and images, `[text](target "title")`, and of reference definitions. */
function targetsOf(file: string): string[] {
  const text = prose(read(file));
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(([, target]) => target!);
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map(([, target]) => target!);
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with one link of `file`, or null when it leads where it says. */
function brokenBecause(file: string, target: string): string | null {
  const [pathPart = "", anchor] = target.split("#");
  const linked = pathPart ? path.join(path.dirname(file), decodeURIComponent(pathPart)) : file;
  if (!fs.existsSync(path.join(root, linked))) return "no such file";
  if (anchor === undefined || !linked.endsWith(".md")) return null;
  return anchorsOf(linked).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor} in ${linked}`;
}

describe("the documents' links", () => {
  it("makes anchors as GitHub does", () => {
    expect(slug("Beyond one machine (issue 21)")).toBe("beyond-one-machine-issue-21");
    expect(slug("`npm run bench`: what it measures")).toBe("npm-run-bench-what-it-measures");
    expect(slug("7. The calls it makes")).toBe("7-the-calls-it-makes");
    expect(slug("Nhà của bà, 1948 × 2")).toBe("nhà-của-bà-1948--2");
    expect(slug("[ADR 29](decisions/0029.md) and snake_case")).toBe("adr-29-and-snake_case");
  });

  it("every relative link in a tracked Markdown file leads to a file, and to a heading of it", () => {
    expect(documents).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md"]));
    const broken = documents.flatMap((file) =>
      targetsOf(file).flatMap((target) => {
        const why = brokenBecause(file, target);
        return why ? [`${file}: (${target}) ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
