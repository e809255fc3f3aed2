// The storyteller's outbox (ADR 0028): a recording stays in IndexedDB until the server has answered for it, so that a
// dropped connection, a closed tab or a reload never loses her voice. Each answer carries its idempotency key, so
// sending one again, from here or from another tab, never makes a second story. Raw IndexedDB: four small requests
// do not need a library.

export type Outgoing = {
  idempotencyKey: string;
  questionId: string;
  content: string;
  /** Her page's address, without a query: where the answer is posted, and where the thanks are. */
  path: string;
  audio: Blob;
};

/** How the page shows each sending: it owns the words, the outbox only says what happened. */
export type Report = {
  progress: (fraction: number) => void;
  /** The network failed: it is kept and sent again when the connection returns. */
  waiting: () => void;
  /** The server refused it. `final` when sending it again cannot help (it was removed), else it is kept. */
  failed: (message: string, final: boolean) => void;
  /** Everything went; `voiceSaved` when a recording was kept without its words (the thanks then say so). */
  sent: (path: string, voiceSaved: boolean) => void;
};

const STORE = "outbox";
const EXTENSIONS: Record<string, string> = { "audio/mp4": "m4a", "audio/ogg": "ogg", "audio/webm": "webm" };
const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** Answers kept only in memory, where IndexedDB cannot be opened (some private modes). */
const memory = new Map<string, Outgoing>();
const inFlight = new Set<string>();
let failures = 0;
let retry = 0;
let lastReport: Report | null = null;

function request<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("heirloom-tell", 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: "idempotencyKey" });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const asked = run(db.transaction(STORE, mode).objectStore(STORE));
      asked.onsuccess = () => resolve(asked.result);
      asked.onerror = () => reject(asked.error);
      asked.transaction?.addEventListener("complete", () => db.close());
    };
  });
}

async function kept(): Promise<Outgoing[]> {
  const stored = await request<Outgoing[]>("readonly", (store) => store.getAll()).catch(() => []);
  return [...stored, ...[...memory.values()].filter((a) => !stored.some((s) => s.idempotencyKey === a.idempotencyKey))];
}

async function remove(key: string) {
  memory.delete(key);
  await request("readwrite", (store) => store.delete(key)).catch(() => undefined);
}

type Answered = { status: number; message: string; retryAfter: number; writeOutLater: boolean };

/** One multipart post with `XMLHttpRequest`, the only way to see an upload's progress. Never rejects. */
function upload(answer: Outgoing, progress: (fraction: number) => void): Promise<Answered> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("questionId", answer.questionId);
    body.set("idempotencyKey", answer.idempotencyKey);
    body.set("content", answer.content);
    const type = answer.audio.type.split(";")[0] ?? "";
    body.set("audio", answer.audio, `answer.${EXTENSIONS[type] ?? "webm"}`);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", answer.path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && progress(event.loaded / event.total);
    xhr.onload = () => {
      let body: { message?: unknown; writeOutLater?: unknown } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      resolve({
        status: xhr.status,
        message: String(body.message ?? ""),
        retryAfter: Number(xhr.getResponseHeader("Retry-After")) || 0,
        writeOutLater: body.writeOutLater === true,
      });
    };
    xhr.onerror =
      xhr.onabort =
      xhr.ontimeout =
        () => resolve({ status: 0, message: "", retryAfter: 0, writeOutLater: false });
    xhr.send(body);
  });
}

/**
 * Sends one kept answer: "sent" (or "sent:voice" when its recording was kept without its words), "refused" (removed,
 * since sending it again cannot help) or "later" (kept).
 */
async function deliver(
  answer: Outgoing,
  report: Report,
): Promise<"sent" | "sent:voice" | "refused" | "later" | "busy"> {
  if (inFlight.has(answer.idempotencyKey)) return "busy";
  inFlight.add(answer.idempotencyKey);
  report.progress(0);
  const answered = await upload(answer, report.progress);
  inFlight.delete(answer.idempotencyKey);
  const { status } = answered;
  if (status >= 200 && status < 300) {
    await remove(answer.idempotencyKey);
    return answered.writeOutLater ? "sent:voice" : "sent";
  }
  if (status >= 400 && status < 500 && status !== 429 && status !== 408) {
    await remove(answer.idempotencyKey);
    report.failed(answered.message, true);
    return "refused";
  }
  if (status === 0) report.waiting();
  else report.failed(answered.message, false);
  if (answered.retryAfter)
    failures = Math.max(
      failures,
      BACKOFF_MS.findIndex((ms) => ms >= answered.retryAfter * 1000),
    );
  return "later";
}

/**
 * Sends everything kept, one answer after another; when all has gone, the page moves on to the thanks. What could not
 * go is tried again with backoff, at once when the connection returns, and on every page load.
 */
export async function flushOutbox(report: Report): Promise<void> {
  lastReport = report;
  clearTimeout(retry);
  let sentTo: string | null = null;
  let voiceSaved = false;
  let later = false;
  for (const answer of await kept()) {
    const outcome = await deliver(answer, report);
    if (outcome === "sent" || outcome === "sent:voice") sentTo = answer.path;
    if (outcome === "sent:voice") voiceSaved = true;
    if (outcome === "later") later = true;
  }
  if (later) {
    const delay = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
    failures += 1;
    retry = window.setTimeout(() => void flushOutbox(report), delay);
  } else {
    failures = 0;
    if (sentTo) report.sent(sentTo, voiceSaved);
  }
}

/** Keeps a new answer on the phone, then sends it with whatever else waits. */
export async function queueAnswer(answer: Outgoing, report: Report): Promise<void> {
  await request("readwrite", (store) => store.put(answer)).catch(() => memory.set(answer.idempotencyKey, answer));
  await flushOutbox(report);
}

window.addEventListener("online", () => lastReport && void flushOutbox(lastReport));
