// The storyteller's page script (ADR 0028): her page is plain HTML that works without it; this adds recording in the
// page, the question read aloud, and an outbox that keeps each recording on the phone until the server has it. It
// imports nothing of the app, so that the build makes it one small file of its own (the page's only script).
import { clockLength, spokenLength } from "./length";
import { flushOutbox, type Outgoing, queueAnswer } from "./outbox";
import { setUpHear } from "./speech";

const part = <T extends HTMLElement = HTMLElement>(name: string) => document.querySelector<T>(`[data-tell="${name}"]`);

function show(element: HTMLElement | null | undefined, shown: boolean) {
  if (element) element.hidden = !shown;
}

document.getElementById("tell-thanks")?.focus();
setUpHear(part("hear"), document.getElementById("tell-question"), document.documentElement.lang);

const recorder = part("recorder");
const form = part<HTMLFormElement>("form");
const status = part("status");
const progressBox = part("progress");
const progress = progressBox?.querySelector("progress");
// The words it shows are in the page, in her language: on the recorder, or on the status line of a closing screen.
const words = (key: string) => (recorder ?? status)?.dataset[key] ?? "";
const say = (text: string) => status && (status.textContent = text);

/** She has a recording in hand, or is making one: an old answer sent in the background must not take the page. */
let busy = false;
/** The recorder's way back to her recording when the server refused it for good (it is no longer kept). */
let refused = () => {};

/** How each sending goes, in the page: the progress while it uploads, the words when it waits or fails. */
const report = {
  progress(fraction: number) {
    const percent = Math.round(fraction * 100);
    show(progressBox, true);
    if (progress) progress.value = percent;
    say(words("sending").replace("{percent}", String(percent)));
  },
  waiting() {
    show(progressBox, false);
    say(words("waiting"));
  },
  failed(message: string, final: boolean) {
    show(progressBox, false);
    say(message || words("failed"));
    if (final) refused();
  },
  sent(path: string, voiceSaved: boolean) {
    if (!busy) location.assign(`${path}?sent=1${voiceSaved ? "&voice=1" : ""}`);
  },
};

const canRecord =
  typeof MediaRecorder === "function" && typeof navigator.mediaDevices?.getUserMedia === "function" && !!recorder;
if (canRecord && form) setUpRecorder(form);
// Anything kept from an earlier visit goes first, whichever question this page shows.
void flushOutbox(report);

function setUpRecorder(form: HTMLFormElement) {
  const button = (name: string) => part<HTMLButtonElement>(name);
  const [record, stop, listen, again, send, toggle] = ["record", "stop", "listen", "again", "send", "toggle"].map(
    button,
  );
  const timer = part("timer");
  const time = part("time");
  const toggleText = part("toggle-text");
  const textField = part("text-field");
  const listenText = part("listen-text");
  const listenWord = listenText?.textContent ?? "";
  const lengthWords = part("length");
  const player = part<HTMLAudioElement>("player");
  let typing = false;
  let recording: MediaRecorder | null = null;
  let take: Blob | null = null;
  /** Her recording's address on the phone itself: listening back needs no network. */
  let takeUrl = "";
  let began = 0;
  let lengthMs = 0;
  let ticking = 0;

  /** Which controls show: one step at a time, each shown where her thumb already is. */
  function step(name: "idle" | "recording" | "recorded" | "sending", focus?: HTMLElement | null) {
    show(record, name === "idle");
    show(timer, name === "recording");
    show(stop, name === "recording");
    for (const control of [listen, again, send]) show(control, name === "recorded");
    busy = name === "recording" || name === "recorded";
    focus?.focus();
  }

  function writeInstead(on: boolean) {
    typing = on;
    show(recorder, !on);
    show(textField, on);
    show(part("submit"), on);
    if (toggleText) toggleText.textContent = words(on ? "speakInstead" : "typeInstead");
  }

  /** No microphone for her page: the plain form, file field and writing, as without the script. */
  function refuse() {
    show(recorder, false);
    show(toggle, false);
    show(textField, true);
    show(part("file-field"), true);
    show(part("submit"), true);
    say(words("micRefused"));
  }

  async function start() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      refuse();
      return;
    }
    const type = ["audio/webm;codecs=opus", "audio/mp4", "audio/ogg;codecs=opus"].find((candidate) =>
      MediaRecorder.isTypeSupported(candidate),
    );
    const chunks: Blob[] = [];
    recording = new MediaRecorder(stream, type ? { mimeType: type } : {});
    recording.ondataavailable = (event) => event.data.size && chunks.push(event.data);
    recording.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      take = new Blob(chunks, { type: recording?.mimeType || type || "audio/webm" });
      takeUrl = URL.createObjectURL(take);
      recording = null;
      showLength(lengthMs);
      say(words("recorded"));
      step("recorded", listen);
    };
    recording.start(1000);
    began = Date.now();
    const tick = () => {
      const seconds = Math.floor((Date.now() - began) / 1000);
      if (time) time.textContent = `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
    };
    tick();
    ticking = window.setInterval(tick, 250);
    say(words("recording"));
    step("recording", stop);
  }

  function finish() {
    clearInterval(ticking);
    lengthMs = Date.now() - began;
    recording?.stop();
  }

  /** The length on Listen back ("0:05", drawn by CSS) and, in words, its description for a screen reader. */
  function showLength(ms: number) {
    if (listen) listen.dataset.length = clockLength(ms);
    if (lengthWords)
      lengthWords.textContent = (lengthWords.dataset.words ?? "").replace(
        "{{duration}}",
        spokenLength(ms, document.documentElement.lang),
      );
  }

  /** Listen back plays her recording from the start, and stops it when pressed again. */
  function hear() {
    if (!player || !takeUrl) return;
    if (!player.paused) {
      stopHearing();
      return;
    }
    if (player.src !== takeUrl) player.src = takeUrl;
    player.currentTime = 0;
    void player.play().catch(() => undefined);
  }

  function stopHearing() {
    if (!player || player.paused) return;
    player.pause();
    player.currentTime = 0;
  }

  const listening = (on: boolean) => {
    if (listenText) listenText.textContent = on ? (listen?.dataset.stopListening ?? listenWord) : listenWord;
    listen?.toggleAttribute("data-playing", on);
  };
  player?.addEventListener("playing", () => listening(true));
  player?.addEventListener("pause", () => listening(false));
  player?.addEventListener("ended", () => listening(false));

  function discard() {
    stopHearing();
    if (takeUrl) URL.revokeObjectURL(takeUrl);
    takeUrl = "";
    player?.removeAttribute("src");
    take = null;
    say("");
    step("idle", record);
  }

  async function sendTake() {
    if (!take) return;
    const data = new FormData(form);
    const answer: Outgoing = {
      idempotencyKey: String(data.get("idempotencyKey")),
      questionId: String(data.get("questionId")),
      content: String(data.get("content") ?? ""),
      path: location.pathname,
      audio: take,
    };
    stopHearing();
    step("sending");
    renewKey();
    await queueAnswer(answer, report);
  }

  /**
   * A key names one answer: once this one is on its way, whatever the page sends next (a take recorded again after a
   * refusal) gets its own, or the server would refuse it as another answer under a key already used (409).
   */
  function renewKey() {
    const field = form.elements.namedItem("idempotencyKey");
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    if (field instanceof HTMLInputElement)
      field.value = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  // Only her recording in hand goes back to her; an older one refused on the way leaves the page as it is.
  refused = () => take && step("recorded", listen);
  record?.addEventListener("click", () => void start());
  stop?.addEventListener("click", finish);
  listen?.addEventListener("click", hear);
  again?.addEventListener("click", discard);
  send?.addEventListener("click", () => void sendTake());
  toggle?.addEventListener("click", () => writeInstead(!typing));
  // Her writing sent with the form carries the recording too, through the outbox, when she has made one.
  form.addEventListener("submit", (event) => {
    if (!take) return;
    event.preventDefault();
    void sendTake();
  });

  show(part("file-field"), false);
  show(toggle, true);
  writeInstead(false);
  step("idle");
}

const pad = (n: number) => String(n).padStart(2, "0");
