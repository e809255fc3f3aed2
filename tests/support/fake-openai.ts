import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for an OpenAI-compatible server, at the HTTP level: POST /v1/chat/completions answers
 * from a queue of scripted replies and records every request it got. Tests point Heirloom at it with
 * OPENAI_BASE_URL, so the real SDK, timeouts and retries run against it.
 */
export type FakeReply =
  /** A completion whose message content is this text (a JSON answer, or anything else). */
  | { kind: "content"; content: string; delayMs?: number }
  /** An error status with an OpenAI-style error body. */
  | { kind: "status"; status: number; headers?: Record<string, string> }
  /** Never answers; the request stays open until the caller gives up. */
  | { kind: "hang" };

export const reply = {
  topics: (topics: { title: string; description?: string }[]): FakeReply => ({
    kind: "content",
    content: JSON.stringify({ topics }),
  }),
  questions: (questions: unknown[]): FakeReply => ({ kind: "content", content: JSON.stringify({ questions }) }),
  content: (content: string): FakeReply => ({ kind: "content", content }),
  status: (status: number, headers?: Record<string, string>): FakeReply => ({ kind: "status", status, headers }),
  hang: (): FakeReply => ({ kind: "hang" }),
};

/** The text fields of a multipart body (the audio upload of a transcription), and the file's size. */
function multipartFields(body: Buffer): Record<string, string> {
  const text = body.toString("latin1");
  const fields: Record<string, string> = {};
  for (const match of text.matchAll(
    /Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/g,
  )) {
    fields[match[1]!] = match[2] !== undefined ? `file:${match[2]}:${match[3]!.length}` : match[3]!;
  }
  return fields;
}

export type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  /** A transcription request's multipart fields (model, language, file: name and size). */
  form?: Record<string, string>;
  [key: string]: unknown;
};

export type RecordedRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: ChatRequest;
  /** Settles when the caller closed the connection before an answer was sent. */
  aborted: Promise<void>;
  wasAborted: () => boolean;
};

export type FakeOpenAi = {
  /** The base URL to give Heirloom as OPENAI_BASE_URL. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Adds replies to the queue, answered in order. */
  enqueue: (...replies: FakeReply[]) => void;
  /** Empties the queue and the record of requests. */
  reset: () => void;
  /** Resolves when the n-th request (1-based) has arrived. */
  waitForRequest: (n: number) => Promise<RecordedRequest>;
  close: () => Promise<void>;
};

/** The environment that points a Heirloom server at this fake (the key alone chooses the provider). */
export function fakeAiEnv(fake: FakeOpenAi, timeoutMs = 4000): Record<string, string> {
  return {
    OPENAI_API_KEY: "test",
    OPENAI_BASE_URL: fake.baseURL,
    AI_MODEL: "test-model",
    AI_TIMEOUT_MS: String(timeoutMs),
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: (() => void)[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const transcription = req.url === "/v1/audio/transcriptions";
    if (req.method !== "POST" || (req.url !== "/v1/chat/completions" && !transcription)) {
      return send(res, 404, {
        error: { message: `fake: no route ${req.method} ${req.url}`, type: "invalid_request_error" },
      });
    }
    let abort: () => void = () => {};
    let aborted = false;
    const record: RecordedRequest = {
      path: req.url ?? "",
      headers: req.headers,
      body: transcription
        ? { model: "", messages: [], form: multipartFields(Buffer.concat(chunks)) }
        : (JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest),
      aborted: new Promise<void>((resolve) => (abort = resolve)),
      wasAborted: () => aborted,
    };
    res.on("close", () => {
      open.delete(res);
      if (!res.writableFinished) {
        aborted = true;
        abort();
      }
    });
    open.add(res);
    requests.push(record);
    for (const wake of waiters.splice(0)) wake();

    // Anything unscripted is a client error, which Heirloom does not retry: the test sees a 502.
    const next: FakeReply = queue.shift() ?? { kind: "status", status: 418 };
    if (next.kind === "hang") return;
    if (next.kind === "status") {
      return send(
        res,
        next.status,
        { error: { message: `fake: status ${next.status}`, type: "server_error" } },
        next.headers,
      );
    }
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (transcription) return send(res, 200, { text: next.content });
    if (record.body.stream === true) return streamContent(res, record.body.model, next.content);
    send(res, 200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: record.body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: next.content, refusal: null },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });

  /** A streamed completion (`stream: true`): server-sent events with the content in a few pieces. */
  async function streamContent(res: http.ServerResponse, model: string, content: string) {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    const size = Math.max(1, Math.ceil(content.length / 3));
    const event = (delta: Record<string, string>, finish: string | null) => {
      const chunk = {
        id: "chatcmpl-fake-stream",
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      };
      return `data: ${JSON.stringify(chunk)}\n\n`;
    };
    res.write(event({ role: "assistant", content: "" }, null));
    for (let i = 0; i < content.length; i += size) {
      if (res.destroyed) return;
      res.write(event({ content: content.slice(i, i + size) }, null));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    res.write(event({}, "stop"));
    res.end("data: [DONE]\n\n");
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    waitForRequest: async (n) => {
      while (requests.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return requests[n - 1]!;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
