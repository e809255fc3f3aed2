import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A request body is read in one module only, app/http/request-body.server.ts (ADR 0019): there every body
// has a cap that holds while it streams in. Anywhere else, request.formData() or request.json() reads a
// body whole whatever its size (a 200 MB post to /login took 650 MB of memory before its 401), and
// another multipart parser would bring its own limits. This walks every module that can handle a request.

const root = path.resolve(import.meta.dirname, "..", "..");
const THE_READER = "app/http/request-body.server.ts";
// The server's drain (ADR 18) reads only to throw away what a refusal left unread: it keeps no body.
const THE_DRAIN = "server/drain-refused-bodies.mjs";
const SCANNED = ["app", "server", "db"];
// Sign-in (ADR 24) hands remix-auth, which copies the request it authenticates, the visitor's request without the
// body the reader has read (its strategy is given the form parsed from it): building that one request is allowed
// there, as long as it carries no body.
const THE_SIGN_IN = { file: "app/routes/auth/sign-in.server.ts", why: "builds a request (to parse a body it holds)" };

/** The text of each `new Request(…)` call in a source, from its name to its closing parenthesis. */
function requestsBuilt(source: string): string[] {
  const code = withoutComments(source);
  const calls: string[] = [];
  for (const match of code.matchAll(/\bnew\s+Request\s*\(/g)) {
    let depth = 0;
    for (let end = match.index + match[0].length - 1; end < code.length; end++) {
      if (code[end] === "(") depth++;
      else if (code[end] === ")" && --depth === 0) {
        calls.push(code.slice(match.index, end + 1));
        break;
      }
    }
  }
  return calls;
}

/** Ways to read a body, each with why it is refused. */
const READS: [RegExp, string][] = [
  // request.formData(), args.request.json(), req.text(), request.clone().arrayBuffer(), request.body…
  [
    /\b(request|req)\s*(\.\s*clone\s*\(\s*\))?\s*\??\.\s*(formData|json|text|arrayBuffer|blob|bytes|body)\b/,
    "reads the request body",
  ],
  [/\b(request|req)\s*\??\.\s*clone\s*\(/, "clones the request (to read its body)"],
  [/\{[^}]*\bbody\b[^}]*\}\s*=\s*(\w+\.)?(request|req)\b/, "takes the request body apart"],
  [/\b(request|req)\s*\.\s*(on|once|addListener)\s*\(\s*["'](data|readable|end)["']/, "reads the request stream"],
  [/\b(request|req)\s*\.\s*(pipe|read)\s*\(/, "reads the request stream"],
  [/for\s+await\s*\([^)]*\bof\s+(\w+\.)*(request|req)\b/, "reads the request stream"],
  // Any .formData() at all: nothing but a request body has one on the server (components build FormData with new
  // FormData()).
  [/\.\s*formData\s*\(/, "parses a form"],
  [/\bnew\s+Request\s*\(/, "builds a request (to parse a body it holds)"],
  [/from\s+["'](busboy|formidable|multer|@fastify\/busboy|body-parser|raw-body)["']/, "brings another body parser"],
  [/\b(express|bodyParser)\s*\.\s*(json|urlencoded|raw|text)\s*\(/, "reads bodies in the server"],
];

function modules(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "migrations") continue;
      out.push(...modules(relative));
    } else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(relative);
    }
  }
  return out;
}

/** Comments say how bodies are read without reading one: drop them before matching. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

function offences(file: string, source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  code.split("\n").forEach((line, index) => {
    for (const [pattern, why] of READS)
      if (pattern.test(line)) found.push(`${file}:${index + 1} ${why}: ${line.trim()}`);
  });
  return found;
}

describe("one module reads request bodies", () => {
  const files = SCANNED.flatMap(modules);

  it("walks the modules that handle requests: routes, libraries, models, the server", () => {
    expect(files).toContain(THE_READER);
    expect(files).toContain("app/routes/auth/login.tsx");
    expect(files).toContain("server/index.mjs");
    // The /api resource routes live in their features' folders, named api.*.ts.
    expect(files.filter((file) => /^app\/routes\/[^/]+\/api\.[^/]+\.ts$/.test(file)).length).toBeGreaterThan(30);
  });

  it("no module but app/http/request-body.server.ts reads a request body", () => {
    const found = files
      .filter((file) => file !== THE_READER && file !== THE_DRAIN)
      .flatMap((file) => offences(file, fs.readFileSync(path.join(root, file), "utf8")));
    const signIn = (offence: string) =>
      offence.startsWith(`${THE_SIGN_IN.file}:`) && offence.includes(` ${THE_SIGN_IN.why}: `);
    expect(found.filter((offence) => !signIn(offence))).toEqual([]);
    expect(found.filter(signIn)).toHaveLength(1);
  });

  it("sign-in builds its one request without a body: the form is read once, by the reader, and parsed once", () => {
    const source = fs.readFileSync(path.join(root, THE_SIGN_IN.file), "utf8");
    const built = requestsBuilt(source);
    expect(built).toHaveLength(1);
    expect(built[0]).not.toMatch(/\bbody\b/);
    // The strategy takes the form the action parsed with loginSchema; it does not parse it again.
    expect(withoutComments(source)).not.toMatch(/\b(parse|safeParse|parseAsync|safeParseAsync)\s*\(/);
    // The check itself: a request built to carry a form again is caught.
    const rebuilt = 'new Request(request.url, {\n  method: "POST",\n  body: new URLSearchParams(form),\n})';
    expect(requestsBuilt(rebuilt)[0]).toMatch(/\bbody\b/);
  });

  it("the patterns catch the ways a body is read (the check itself works)", () => {
    const samples = [
      "const form = await request.formData();",
      "const form = await args.request.formData();",
      "const body = await request.json();",
      "const raw = await req.text();",
      "const bytes = await request.arrayBuffer();",
      "const copy = await request.clone().formData();",
      "const reader = request.body.getReader();",
      "const reader = request.body?.getReader();",
      "const { body } = args.request;",
      'req.on("data", (chunk) => chunks.push(chunk));',
      "for await (const chunk of request.body) size += chunk.length;",
      "return new Request(request.url, { method: 'POST', body }).formData();",
      'import Busboy from "busboy";',
      "app.use(express.json());",
    ];
    expect(samples.filter((line) => offences("sample.ts", line).length === 0)).toEqual([]);
    // What must not be mistaken for a read: a response's body, a file's bytes, a FormData built in the browser.
    const innocent = [
      "const data = await response.json();",
      "const bytes = new Uint8Array(await file.arrayBuffer());",
      "const form = new FormData(event.currentTarget);",
      "// request.formData() reads it whole",
    ];
    expect(innocent.flatMap((line) => offences("sample.ts", line))).toEqual([]);
  });
});
