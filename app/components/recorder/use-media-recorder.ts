import { useEffect, useRef, useState } from "react";
import { pickMimeType } from "./recording";

export type RecorderState = "idle" | "recording" | "recorded";
export type Recording = { blob: Blob; url: string; recordedAt: Date };

type Session = {
  recorder: MediaRecorder;
  stream: MediaStream;
  tick: ReturnType<typeof setInterval>;
  limit: ReturnType<typeof setTimeout>;
};

/**
 * MediaRecorder on the microphone: start, stop (by hand or at `maxMs`), discard. The microphone is
 * released as soon as a recording stops, and the playback URL revoked when it is replaced or the
 * component goes away. `latest()` reads the state and the recording synchronously, for the save
 * that stops a recording and then attaches it without waiting for a render.
 */
export function useMediaRecorder({ maxMs, onError }: { maxMs: number; onError: () => void }) {
  const [state, setState] = useState<RecorderState>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const stateRef = useRef<RecorderState>("idle");
  const recordingRef = useRef<Recording | null>(null);
  const session = useRef<Session | null>(null);
  const starting = useRef(false);
  const mounted = useRef(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const moveTo = (next: RecorderState) => {
    stateRef.current = next;
    setState(next);
  };
  const replaceRecording = (next: Recording | null) => {
    if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
    recordingRef.current = next;
    setRecording(next);
  };
  // Stops the timers and gives the microphone back (the browser's "in use" indicator goes away).
  const release = () => {
    const current = session.current;
    if (!current) return;
    clearInterval(current.tick);
    clearTimeout(current.limit);
    for (const track of current.stream.getTracks()) track.stop();
    session.current = null;
  };

  async function start() {
    if (stateRef.current === "recording" || starting.current) return;
    starting.current = true;
    replaceRecording(null);
    setStoppedAtLimit(false);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      starting.current = false;
      onErrorRef.current();
      return;
    }
    starting.current = false;
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        release();
        if (!mounted.current) return;
        const blob = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || "audio/webm" });
        replaceRecording(blob.size > 0 ? { blob, url: URL.createObjectURL(blob), recordedAt: new Date() } : null);
        moveTo(blob.size > 0 ? "recorded" : "idle");
      };
      recorder.start();
    } catch {
      for (const track of stream.getTracks()) track.stop();
      onErrorRef.current();
      return;
    }
    const startedAt = performance.now();
    session.current = {
      recorder,
      stream,
      tick: setInterval(() => setElapsedMs(performance.now() - startedAt), 250),
      limit: setTimeout(() => {
        setStoppedAtLimit(true);
        stop();
      }, maxMs),
    };
    setElapsedMs(0);
    moveTo("recording");
  }

  /** Asks the recorder to stop; the recording arrives with its stop event, a moment later. */
  function stop() {
    const current = session.current;
    if (!current) return;
    clearInterval(current.tick);
    clearTimeout(current.limit);
    if (current.recorder.state !== "inactive") current.recorder.stop();
    else release();
  }

  function discard() {
    replaceRecording(null);
    setStoppedAtLimit(false);
    setElapsedMs(0);
    moveTo("idle");
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount and unmount only; release reads refs
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = session.current;
      if (current && current.recorder.state !== "inactive") current.recorder.stop();
      release();
      if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
      recordingRef.current = null;
    };
  }, []);

  const latest = () => ({ state: stateRef.current, recording: recordingRef.current });
  return { state, elapsedMs, recording, stoppedAtLimit, start, stop, discard, latest };
}
