import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainRefusedBodies } from "../../server/drain-refused-bodies.mjs";
import { requestHead, sendWhileAnswered } from "../support/raw-socket";

// The rule of ADR 18 on a bare node:http server that answers 401 to everything without reading the body:
// the rest of the body is read up to the limits, and past them the connection is cut. The limits are
// small here so that the test is cheap; the server's own are DRAIN_MAX_BYTES and DRAIN_MAX_MS.

const KB = 1024;
const MB = 1024 * KB;

type Seen = { complete: boolean; bytesRead: number };

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/**
 * The refusing server with `limits`; `closed` resolves with the state of its (first) request when the connection
 * closed.
 */
async function refusing(limits: { maxBytes?: number; maxMs?: number }, { late = false } = {}) {
  let report!: (seen: Seen) => void;
  const closed = new Promise<Seen>((resolve) => (report = resolve));
  server = drainRefusedBodies(
    http.createServer((req, res) => {
      const socket = req.socket;
      socket.once("close", () => report({ complete: req.complete, bytesRead: socket.bytesRead }));
      const answer = () => res.writeHead(401, { "Content-Type": "text/plain", "Content-Length": "2" }).end("no");
      if (!late) return answer();
      // Late: only once the body has filled the request's buffer and Node has stopped reading the connection, as
      // when the answer waits for a database on the network or a busy machine.
      const whenFull = () => (req.readableLength >= req.readableHighWaterMark ? answer() : setImmediate(whenFull));
      whenFull();
    }),
    limits,
  );
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const head = (headers: Record<string, string>) => requestHead("POST", "/", new URL(origin).host, headers);
  return { origin, head, closed: () => closed };
}

describe("drainRefusedBodies", () => {
  it(
    "reads the rest of a body within the limits: " + "the answer arrives whole, the client's writes all succeed",
    async () => {
      const { origin, head, closed } = await refusing({});
      const outcome = await sendWhileAnswered(origin, head({ Connection: "close", "Transfer-Encoding": "chunked" }), {
        total: 4 * MB,
        chunked: true,
        awaitAnswerAt: MB,
      });
      expect({
        error: outcome.error,
        status: outcome.answer?.status,
        body: outcome.answer?.body,
        sent: outcome.sent,
      }).toEqual({ error: null, status: 401, body: "no", sent: 4 * MB });
      expect(outcome.sentBeforeAnswer).toBe(MB);
      expect((await closed()).complete).toBe(true);
    },
  );

  it("reads the rest of a body answered late, once the request's buffer was full", async () => {
    const { origin, head, closed } = await refusing({}, { late: true });
    const outcome = await sendWhileAnswered(origin, head({ Connection: "close", "Content-Length": String(8 * MB) }), {
      total: 8 * MB,
      awaitAnswerAt: MB,
    });
    expect({ error: outcome.error, status: outcome.answer?.status, sent: outcome.sent }).toEqual({
      error: null,
      status: 401,
      sent: 8 * MB,
    });
    expect((await closed()).complete).toBe(true);
  });

  it("closes a lingering connection when the client stops sending and ends its side", async () => {
    const { origin, head, closed } = await refusing({});
    // The client sends a quarter of the body and no more: had it gone on until the answer's end reached it, a busy
    // machine could let it send the whole body first, and the body would be complete after all.
    const outcome = await sendWhileAnswered(origin, head({ Connection: "close", "Content-Length": String(4 * MB) }), {
      total: 4 * MB,
      stallAt: MB,
      onServerEnd: "stop",
    });
    expect({ error: outcome.error, status: outcome.answer?.status, sent: outcome.sent }).toEqual({
      error: null,
      status: 401,
      sent: MB,
    });
    expect((await closed()).complete).toBe(false);
  });

  for (const connection of ["close", "keep-alive"]) {
    it(`cuts a connection (${connection}) past maxBytes after the answer`, async () => {
      const { origin, head, closed } = await refusing({ maxBytes: 256 * KB });
      await sendWhileAnswered(origin, head({ Connection: connection, "Content-Length": String(16 * MB) }), {
        total: 16 * MB,
      });
      const seen = await closed();
      expect(seen.complete).toBe(false);
      expect(seen.bytesRead).toBeLessThan(16 * MB);
    });

    it(`cuts a connection (${connection}) whose client stalls, after maxMs`, async () => {
      const { origin, head, closed } = await refusing({ maxMs: 50 });
      // The client sends 64 kB of 1 MB and then waits, its side open: only the server's limit ends the connection.
      const letGo = new AbortController();
      const outcome = sendWhileAnswered(origin, head({ Connection: connection, "Content-Length": String(MB) }), {
        total: MB,
        stallAt: 64 * KB,
        signal: letGo.signal,
      });
      expect((await closed()).complete).toBe(false);
      letGo.abort();
      expect((await outcome).answer?.status).toBe(401);
    });
  }
});
