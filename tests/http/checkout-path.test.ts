import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, loginAs } from "../support/http";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";

// The project checked out under a folder named `app` (~/code/app/heirloom, Docker's WORKDIR /app) builds
// and serves like any other checkout: the build's rules look at paths inside the project, never at the
// folders above it (config/module-paths.ts). This copies the sources to <tmp>/app/heirloom (node_modules
// linked, not copied), builds there and serves that build.

const here = path.resolve(import.meta.dirname, "..", "..");
// What a fresh clone does not have (.gitignore) and the link to node_modules replaces.
const NOT_COPIED = new Set(["node_modules", "build", ".git", ".react-router", "data", ".tmp", "coverage", "backups"]);

let parent: string;
let checkout: string;
let server: RunningServer;

function build(cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(cwd, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
      {
        cwd,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build in ${cwd} exited with ${code}:\n${output}`)),
    );
  });
}

/** The modulepreload links of a page, as `href` → `media` (empty when the link has none). */
function preloads(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const [tag] of html.matchAll(/<link rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (href) links.set(href, /media="([^"]+)"/.exec(tag)?.[1] ?? "");
  }
  return links;
}

const built = (href: string) => fs.existsSync(path.join(checkout, "build", "client", href));

beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-checkout-"));
  checkout = path.join(parent, "app", "heirloom");
  fs.cpSync(here, checkout, { recursive: true, filter: (source) => !NOT_COPIED.has(path.relative(here, source)) });
  fs.symlinkSync(path.join(here, "node_modules"), path.join(checkout, "node_modules"), "dir");
  await build(checkout);
  server = await startServer({}, { root: checkout });
  // A build takes seconds here, but the http files run side by side on two cores.
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (parent) fs.rmSync(parent, { recursive: true, force: true });
});

describe("a checkout under a folder named app", () => {
  it("preloads the page's strings in English and in Vietnamese", async () => {
    for (const language of ["en", "vi"]) {
      const page = await createClient(server.url, { "Accept-Language": language }).get("/login");
      expect(page.status).toBe(200);
      const strings = [...preloads(await page.text()).keys()].filter((href) =>
        new RegExp(`^/assets/${language}\\.browser-[\\w-]+\\.js$`).test(href),
      );
      expect(strings, language).toHaveLength(1);
      expect(built(strings[0]!)).toBe(true);
    }
  });

  it("preloads the workspace's resizable panels for wide screens", async () => {
    const admin = createClient(server.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    const book = (await (await admin.json("POST", "/api/books", { title: "Under app/", language: "en" })).json()) as {
      id: number;
    };
    const page = await admin.get(`/books/${book.id}`);
    expect(page.status).toBe(200);
    const panels = [...preloads(await page.text())].filter(([href]) =>
      /^\/assets\/resizable-panels-[\w-]+\.js$/.test(href),
    );
    expect(panels.map(([, media]) => media)).toEqual(["not all and (max-width: 767px)"]);
    expect(built(panels[0]![0])).toBe(true);
  });
});
