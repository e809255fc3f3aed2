// Lighthouse mobile (its default config: a Moto G Power screen, simulated slow 4G and 4× CPU) through the
// lighthouse npm package, driving Debian Chromium with the project's headless flags. Chromium is started
// here with a DevTools port and one fresh profile per bench run; Lighthouse opens a tab per audit and
// clears the origin's storage and cache before each one. A signed-in page is audited with the session's
// Cookie header on every request (Lighthouse's extraHeaders).
import fs from "node:fs";
import os from "node:os";
import { spawnTracked, stopProcess, tempDir } from "./processes.mjs";

/** tests/support/browser.ts's CHROMIUM_ARGS, for the bench's own browsers. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const chromiumPath = () => process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Starts Chromium with a DevTools port; resolves with `{ port, stop }` once it listens. */
export async function launchChromium({ timeoutMs = 30_000 } = {}) {
  const executable = chromiumPath();
  if (!fs.existsSync(executable))
    throw new Error(`no Chromium at ${executable} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const profile = tempDir(os.tmpdir(), "heirloom-bench-chromium-");
  const child = spawnTracked(
    executable,
    [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let output = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`Chromium did not open its DevTools port within ${timeoutMs / 1000} s\n${output.slice(-2000)}`),
        ),
      timeoutMs,
    );
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${signal ?? `exit ${code}`}) before it listened\n${output.slice(-2000)}`));
    });
  });
  child.stderr.resume();
  return { port, stop: () => stopProcess(child) };
}

/**
 * Empties the browser's cookie jar over the DevTools protocol. Lighthouse resets a page's storage between
 * audits but keeps its cookies, and a cookie the page set (the workspace saves its panel layout in one)
 * makes Chromium send the jar's Cookie header instead of the session's from extraHeaders: the next audit
 * of the same page would then land on /login.
 */
async function clearCookies(port) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onerror = () => reject(new Error("DevTools socket failed"));
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: "Storage.clearCookies", params: {} }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id !== 1) return;
      socket.close();
      if (message.error) reject(new Error(`Storage.clearCookies: ${message.error.message}`));
      else resolve();
    };
  });
}

const ms = (audit) => (audit && typeof audit.numericValue === "number" ? Math.round(audit.numericValue) : null);

/**
 * One Lighthouse audit of `url` (performance and accessibility). Returns the scores (0–100), LCP, TBT and
 * CLS, and what Lighthouse found: accessibility audits that failed, and performance audits that did not
 * pass, each with its title and savings, for the report and bench/results.json.
 */
export async function audit(lighthouse, port, url, { headers } = {}) {
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: headers ?? null,
    maxWaitForLoad: 45_000,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const category = (id) =>
    lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined
      ? null
      : Math.round(lhr.categories[id].score * 100);
  const accessibilityFailures = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => ({
      id: a.id,
      title: a.title,
      items: (a.details?.items ?? []).slice(0, 5).map((item) => item.node?.snippet ?? item.node?.selector ?? null),
    }));
  // Everything else that did not pass and is not a metric: Lighthouse 13's insights and diagnostics.
  const a11yIds = new Set(lhr.categories.accessibility.auditRefs.map((ref) => ref.id));
  const metricIds = new Set(
    lhr.categories.performance.auditRefs.filter((ref) => ref.group === "metrics").map((ref) => ref.id),
  );
  const findings = Object.values(lhr.audits)
    .filter((a) => !a11yIds.has(a.id) && !metricIds.has(a.id) && typeof a.score === "number" && a.score < 0.9)
    .filter((a) => !["informative", "notApplicable", "manual", "error"].includes(a.scoreDisplayMode))
    .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue ?? null }));
  return {
    url: new URL(url).pathname,
    finalPath,
    performance: category("performance"),
    accessibility: category("accessibility"),
    lcpMs: ms(lhr.audits["largest-contentful-paint"]),
    fcpMs: ms(lhr.audits["first-contentful-paint"]),
    tbtMs: ms(lhr.audits["total-blocking-time"]),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    speedIndexMs: ms(lhr.audits["speed-index"]),
    accessibilityFailures,
    performanceFindings: findings,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/**
 * Audits every `{ key, app, url, headers }` in `targets` with one Chromium; `runs` > 1 audits each page
 * that many times and keeps the run with the median performance score (all runs' scores are kept).
 */
export async function auditPages(targets, { runs = 1, log = console.log } = {}) {
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium();
  try {
    const results = [];
    for (const target of targets) {
      const all = [];
      for (let i = 0; i < runs; i++) {
        await clearCookies(chromium.port);
        all.push(await audit(lighthouse, chromium.port, target.url, { headers: target.headers }));
      }
      const sorted = [...all].sort((a, b) => a.performance - b.performance);
      const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
      const result = { key: target.key, app: target.app, ...chosen, runs: all.map((r) => r.performance) };
      if (result.finalPath !== result.url)
        throw new Error(
          `Lighthouse ${target.app} ${target.url} ended on ${result.finalPath} (is the session cookie valid?)`,
        );
      log(
        `  lighthouse ${target.app.padEnd(8)} ${result.url.padEnd(10)} performance ${result.performance}, ` +
          `accessibility ${result.accessibility}, ` +
          `LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls?.toFixed(3)}` +
          `${runs > 1 ? ` (runs: ${result.runs.join(", ")})` : ""}`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await chromium.stop();
  }
}
