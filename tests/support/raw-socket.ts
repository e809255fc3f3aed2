import net from "node:net";

// A client on a raw socket, for what a server does with the connection itself (how it closes, whether
// it reads on) while the client is still sending a body: fetch and node:http hide that.

export type Answer = { status: number; headers: Record<string, string>; body: string };

export type Outcome = {
  /** The server's answer as read up to the end of the connection; null when it was not complete. */
  answer: Answer | null;
  /** The connection's error (ECONNRESET, EPIPE), null when it closed cleanly. */
  error: string | null;
  /** Body bytes sent when the server ended its side of the connection; -1 when it never did. */
  sentBeforeAnswer: number;
  sent: number;
};

export type SendOptions = {
  /** The body's length, sent in 64 kB pieces, each write awaited. */
  total: number;
  /** The body's first bytes (a part's headers, a JSON key), counted in `total`; filler follows them. */
  prefix?: string | Buffer;
  chunked?: boolean;
  /** Stop sending after this many bytes and wait, without ending (a client that stalls). */
  stallAt?: number;
  /** Once the server has ended its side: send the rest of the body (as browsers do), or stop and end. */
  onServerEnd?: "send-the-rest" | "stop";
  /**
   * Once the whole body is sent: end the client's side at once, or keep it open until the server has
   * ended its side, as browsers do. Node's server gives up a request whose client ends its side before
   * the answer (no half-open requests), so a client that wants the answer to a body read whole waits.
   */
  afterBody?: "end" | "await-answer";
  /**
   * Pause after this many bytes until the server has ended its side (its answer is complete), then send
   * the rest: the answer was then given before the body was all there, however busy the machine is.
   */
  awaitAnswerAt?: number;
  /** Destroys the connection: how a test lets go of a client that stalls. */
  signal?: AbortSignal;
};

const PIECE = 64 * 1024;

/** An HTTP/1.1 answer (Content-Length or chunked); null when `raw` does not hold all of it. */
export function parseAnswer(raw: Buffer): Answer | null {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  let rest = raw.subarray(split + 4);
  let body: Buffer;
  if (headers["transfer-encoding"] === "chunked") {
    const chunks: Buffer[] = [];
    for (;;) {
      const end = rest.indexOf("\r\n");
      if (end < 0) return null;
      const size = parseInt(rest.subarray(0, end).toString("latin1"), 16);
      if (size === 0) break;
      if (rest.length < end + 2 + size + 2) return null;
      chunks.push(rest.subarray(end + 2, end + 2 + size));
      rest = rest.subarray(end + 2 + size + 2);
    }
    body = Buffer.concat(chunks);
  } else {
    const length = Number(headers["content-length"]);
    if (!(rest.length >= length)) return null;
    body = rest.subarray(0, length);
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
}

/** The head of a request: `headers` after Host, each line as given. */
export function requestHead(method: string, target: string, host: string, headers: Record<string, string>): string {
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * Sends `head`, then the body, while it reads what the server sends; resolves when the connection has
 * closed. The socket is half-open capable, so that the server's end of stream does not end the client's.
 */
export function sendWhileAnswered(
  origin: string,
  head: string,
  {
    total,
    prefix = "",
    chunked = false,
    stallAt,
    awaitAnswerAt,
    onServerEnd = "send-the-rest",
    afterBody = "end",
    signal,
  }: SendOptions,
): Promise<Outcome> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    signal?.addEventListener("abort", () => socket.destroy(), { once: true });
    const received: Buffer[] = [];
    let sent = 0;
    let sentBeforeAnswer = -1;
    let error: string | null = null;
    let serverEnded: () => void = () => {};
    const answered = new Promise<void>((done) => (serverEnded = done));
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("end", () => {
      sentBeforeAnswer = sent;
      serverEnded();
      if (onServerEnd === "stop") socket.end();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", () => resolve({ answer: parseAnswer(Buffer.concat(received)), error, sentBeforeAnswer, sent }));
    const write = (data: string | Buffer) => new Promise<boolean>((done) => socket.write(data, (e) => done(!e)));
    socket.once("connect", async () => {
      if (!(await write(head))) return;
      const first = Buffer.from(prefix);
      const piece = Buffer.alloc(PIECE, "x");
      const until = stallAt ?? total;
      let awaited = awaitAnswerAt === undefined;
      while (sent < until && socket.writable) {
        const size = Math.min(sent < first.length ? first.length - sent : PIECE, until - sent);
        const bytes = sent < first.length ? first.subarray(sent, sent + size) : piece.subarray(0, size);
        const data = chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), bytes, Buffer.from("\r\n")])
          : bytes;
        if (!(await write(data))) return;
        sent += size;
        if (!awaited && sent >= awaitAnswerAt!) {
          awaited = true;
          await Promise.race([answered, new Promise((done) => socket.once("close", done))]);
        }
      }
      if (sent < total || !socket.writable) return;
      if (chunked && !(await write("0\r\n\r\n"))) return;
      if (afterBody === "await-answer")
        await Promise.race([answered, new Promise((done) => socket.once("close", done))]);
      socket.end();
    });
  });
}
