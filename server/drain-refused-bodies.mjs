// An answer given before the request's body was read (a 401, 403 or 413 decided first) must reach the
// client whole, however much of the body is still on its way (ADR 18).
//
// Node's http server gets this wrong in two ways. On a connection that must close (the request said
// `Connection: close`, or the answer did), it calls socket.destroySoon() as soon as the answer is written:
// the socket is closed while the client is still sending, the kernel answers the unread bytes with a reset,
// and the client's write fails (EPIPE) and often loses the answer it had not read yet. On a connection
// kept alive it reads and drops the rest of the body, however long it is, unless someone had started
// reading it: React Router's adapter starts every body and pauses it, so the rest stayed on the connection
// and the client's next request there waited until the keep-alive timeout.
//
// Here both read and drop the rest of the body, never keeping it, up to `maxBytes` and `maxMs` after the
// answer; then the connection is cut. A connection that must close is first half-closed (the answer is
// complete, and the client sees the end of it at once) and closed when the body has ended: a lingering
// close, as RFC 9112 §9.6 describes.
import net from "node:net";

/** Above the largest body any route accepts (a keepsake import, 200 MB: app/lib/keepsake-format.ts). */
export const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
/** How long the rest of a refused body is read for (nginx's lingering_time). */
export const DRAIN_MAX_MS = 30_000;

const kRequest = Symbol("heirloom.request");
const kDrain = Symbol("heirloom.drain");

/**
 * Reads and drops the rest of `req`'s body. `close` (a connection that must close): destroy the
 * socket once the body has ended. Past the limits, or when the client stops sending, the socket is
 * destroyed in any case. Idempotent: the second call only adds `close`.
 */
function drain(req, { maxBytes, maxMs }, close) {
  const existing = req[kDrain];
  if (existing) {
    existing.close ||= close;
    return;
  }
  const socket = req.socket;
  const state = { close, done: false };
  req[kDrain] = state;
  let received = 0;
  const end = (cut) => {
    if (state.done) return;
    state.done = true;
    clearTimeout(timer);
    socket.off("data", count);
    socket.off("end", clientEnded);
    socket.off("close", closed);
    req.off("end", bodyEnded);
    if ((cut || state.close) && !socket.destroyed) socket.destroy();
  };
  // The parser has seen each chunk before this listener does (it listens first), so `complete` is current.
  const count = (chunk) => {
    if (req.complete) return end(false);
    received += chunk.length;
    if (received > maxBytes) end(true);
  };
  const bodyEnded = () => end(false);
  // The client closed its side: nothing more will come, and nothing is left unread.
  const clientEnded = () => end(true);
  const closed = () => end(false);
  const timer = setTimeout(() => end(true), maxMs);
  timer.unref();
  // A socket listener takes the socket off the parser's fast path: the bytes can be counted.
  socket.on("data", count);
  socket.once("end", clientEnded);
  socket.once("close", closed);
  req.once("end", bodyEnded);
  // Whoever started reading the body (React Router's adapter) is no longer listening: drop, never keep.
  req.removeAllListeners("data");
  req.resume();
  // An answer given after the body had filled the request's buffer (a slow database, a busy machine) finds the
  // connection's reading stopped by Node's backpressure, with its stream still counting a read as pending, so
  // resuming the request does not start it again: the client's writes stall, and the drain never ends. Start it
  // as net.Socket does (tryReadStart).
  if (socket._handle && !socket._handle.reading) {
    socket._handle.reading = true;
    socket._handle.readStart();
  }
  if (req.complete) end(false);
}

/** Node closes a connection that must close with destroySoon(); this one lingers while the body still comes. */
function lingeringDestroySoon(limits) {
  return function destroySoon() {
    const req = this[kRequest];
    if (!req || req.complete || this.destroyed) return net.Socket.prototype.destroySoon.call(this);
    this.end();
    drain(req, limits, true);
  };
}

/**
 * Installs the rule on `server` (a node:http server), before it accepts connections. `limits` exist
 * for tests; the defaults are the rule.
 */
export function drainRefusedBodies(server, { maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS } = {}) {
  const limits = { maxBytes, maxMs };
  const destroySoon = lingeringDestroySoon(limits);
  server.on("connection", (socket) => {
    socket.destroySoon = destroySoon;
  });
  server.prependListener("request", (req, res) => {
    req.socket[kRequest] = req;
    res.once("finish", () => {
      if (!req.complete && !req.socket.destroyed) drain(req, limits, false);
    });
  });
  return server;
}
