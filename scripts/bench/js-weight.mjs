// The JavaScript a page loads at first render: every <script src>, every <link rel="modulepreload">
// and every module imported by the inline module script (React Router's entry), plus their static
// imports (which Vite should already have listed as modulepreloads), each fetched from the running
// server and gzipped with zlib at level 9.
import zlib from "node:zlib";

const ATTR = (name) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i");

function attr(tag, name) {
  const match = ATTR(name).exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/** The script URLs a server-rendered page asks for, in document order, without duplicates. */
export function scriptUrlsInHtml(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (href && rel.includes("modulepreload")) urls.push(href);
  }
  for (const [, openTag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attr(openTag, "src");
    if (src) {
      urls.push(src);
      continue;
    }
    if ((attr(openTag, "type") ?? "").toLowerCase() !== "module") continue;
    // React Router's entry: `import "/assets/…"; import * as route0 from "…"; import("/assets/entry.client-….js")`.
    for (const [, spec] of body.matchAll(/\bimport\s*(?:[\w*${}\s,]+\s*from\s*)?\(?\s*["']([^"']+)["']/g))
      urls.push(spec);
  }
  return [...new Set(urls)];
}

/** Static imports at the top of a built module (`import{a as b}from"./x.js"`, `import"./y.js"`). */
export function staticImports(code) {
  const found = [];
  const re = /\s*(?:import|export)\s*(?:[\w*${}\s,]*?\s*from\s*)?["']([^"']+)["']\s*;?/y;
  let match;
  while ((match = re.exec(code))) found.push(match[1]);
  return found;
}

/**
 * Fetches `pagePath` with `headers` and every JS file it loads. Returns the total gzip size and a
 * per-file breakdown; `extra` counts files reached only through static imports (missing preloads).
 */
export async function measurePageJs(origin, pagePath, { headers = {} } = {}) {
  const page = await fetch(new URL(pagePath, origin), {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const html = await page.text();
  if (page.status !== 200)
    throw new Error(`GET ${pagePath} answered ${page.status}, not 200 (is the session cookie valid?)`);
  const listed = scriptUrlsInHtml(html).map((u) => new URL(u, new URL(pagePath, origin)).href);
  if (listed.length === 0) throw new Error(`GET ${pagePath}: no scripts found in the HTML`);

  const files = new Map();
  const queue = listed.map((url) => ({ url, listed: true }));
  while (queue.length) {
    const { url, listed: inHtml } = queue.shift();
    if (files.has(url)) continue;
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    files.set(url, {
      url,
      path: new URL(url).pathname,
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      inHtml,
    });
    for (const spec of staticImports(body.toString("utf8")))
      queue.push({ url: new URL(spec, url).href, listed: false });
  }
  const list = [...files.values()];
  return {
    page: pagePath,
    htmlBytes: Buffer.byteLength(html),
    files: list.length,
    raw: list.reduce((sum, f) => sum + f.raw, 0),
    gzip: list.reduce((sum, f) => sum + f.gzip, 0),
    extra: list.filter((f) => !f.inHtml).map((f) => f.path),
    breakdown: list.map(({ path, raw, gzip }) => ({ path, raw, gzip })).sort((a, b) => b.gzip - a.gzip),
  };
}
