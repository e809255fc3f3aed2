import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import { createClient, loginAs } from "../support/http";
import { requestHead, sendWhileAnswered, type Outcome } from "../support/raw-socket";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";

// An answer the server gives before it has read the body (401 to a stranger, 403 cross-site, 413 over a
// cap) reaches a client that is still sending, whole, and the client's writes do not fail: the server reads
// and drops the rest before it closes the connection (ADR 18). A raw socket (tests/support/raw-socket.ts)
// shows what the server does with the connection; nothing here waits for a time.

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  cookie = admin.cookieHeader();
});
afterAll(() => server?.stop());

const MB = 1024 * 1024;
const PIECE = 64 * 1024;

/** Every English string: an /api refusal's message is one of them. */
const english = new Set<string>();
(function walk(value: unknown) {
  if (typeof value === "string") english.add(value);
  else if (value && typeof value === "object") for (const inner of Object.values(value)) walk(inner);
})(en);

const head = (method: string, path: string, headers: Record<string, string>) =>
  requestHead(method, path, new URL(server.url).host, { Connection: "close", "Accept-Language": "en", ...headers });

/**
 * 8 MB sent in pieces: the first megabyte, then a pause until the server has answered (whatever the load,
 * the answer is then given before the body is all there), then the rest, as a browser sends on.
 */
const send8MB = (requestHead: string, chunked = false) =>
  sendWhileAnswered(server.url, requestHead, { total: 8 * MB, chunked, awaitAnswerAt: MB });

/** The answer is the whole refusal, sent before the body was all there, and nothing failed on the way. */
function expectWholeRefusal(outcome: Outcome, status: number, message?: string) {
  const got = outcome.answer && (JSON.parse(outcome.answer.body) as { message?: string }).message;
  expect({ error: outcome.error, status: outcome.answer?.status }).toEqual({ error: null, status });
  if (message) expect(got).toBe(message);
  else expect(english.has(got ?? "")).toBe(true);
  expect(outcome.sentBeforeAnswer).toBe(MB);
  expect(outcome.sent).toBe(8 * MB);
}

describe("an answer given before the body is read, on a connection that closes", () => {
  it("401 to an anonymous 8 MB streamed without a length", async () => {
    const request = head("PUT", "/api/stories/1", {
      "Content-Type": "application/json",
      "Transfer-Encoding": "chunked",
    });
    expectWholeRefusal(await send8MB(request, true), 401, en.errors.unauthenticated);
  });

  it("403 to a cross-site post of 8 MB", async () => {
    const request = head("POST", "/api/books", {
      "Content-Type": "application/json",
      "Content-Length": String(8 * MB),
      Origin: "http://evil.example",
      Cookie: cookie,
    });
    expectWholeRefusal(await send8MB(request), 403, en.errors.crossSite);
  });

  it("413 to a signed-in 8 MB over the cap", async () => {
    const request = head("POST", "/api/books", {
      "Content-Type": "application/json",
      "Content-Length": String(8 * MB),
      Cookie: cookie,
    });
    expectWholeRefusal(await send8MB(request), 413);
  });
});

describe("an answer given before the body is read, on a connection kept alive", () => {
  it("401, then the next request on the same connection is answered", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(server.url);
    const ask = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; text: string; socket: net.Socket }>((resolve, reject) => {
        const headers: Record<string, string> = {
          "Accept-Language": "en",
          ...(body ? { "Content-Type": "application/json", "Content-Length": String(body.length) } : {}),
        };
        let socket: net.Socket;
        const request = http.request(
          { host: url.hostname, port: url.port, method, path, agent, headers },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk.toString()));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, text, socket }));
          },
        );
        request.on("socket", (assigned) => (socket = assigned));
        request.on("error", reject);
        if (body) for (let i = 0; i < body.length; i += PIECE) request.write(body.subarray(i, i + PIECE));
        request.end();
      });
    try {
      const refused = await ask("PUT", "/api/stories/1", Buffer.alloc(8 * MB, "x"));
      expect({ status: refused.status, message: JSON.parse(refused.text).message }).toEqual({
        status: 401,
        message: en.errors.unauthenticated,
      });
      const next = await ask("GET", "/api/me");
      expect({ status: next.status, sameConnection: next.socket === refused.socket }).toEqual({
        status: 401,
        sameConnection: true,
      });
    } finally {
      agent.destroy();
    }
  });
});
