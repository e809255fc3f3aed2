import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { formatElapsed, RECORDING_MAX_MS, recordingFile, setInputFile } from "./recording";
import { useMediaRecorder, type Recording } from "./use-media-recorder";
import { useSaveWhileRecording } from "./use-save-while-recording";

type Props = {
  /** The story form's `audio` file input: "Add recording" puts the recording there, and the form posts it. */
  input: HTMLInputElement;
  /** Called once the recorder is on screen, so the plain file input can step aside. */
  onReady: () => void;
  /** Whether the server turns the recording into text: without an AI server it is kept as it is, and says so. */
  transcribes: boolean;
};

type View = "idle" | "recording" | "recorded" | "attached" | "processing";

const MINUTES = String(RECORDING_MAX_MS / 60_000);

/**
 * The in-page voice recorder (its own chunk, loaded after hydration): idle → recording (mm:ss timer,
 * stops itself at 10 minutes) → recorded (playback, "Add recording", "Record again") → attached (the
 * form will post it) → processing while the story is saved and, with an AI server, the recording turned into
 * text.
 * The server's answer (a toast, the text appended) comes back with the page.
 */
export default function VoiceRecorder({ input, onReady, transcribes }: Props) {
  const t = useT();
  const recorder = useMediaRecorder({
    maxMs: RECORDING_MAX_MS,
    onError: () => showToast({ kind: "error", title: "recorder.microphoneDenied" }),
  });
  const [attached, setAttached] = useState(false);
  const posted = useNavigation().formData?.get("audio");
  const processing = attached && posted instanceof File && posted.size > 0;
  const view: View = processing ? "processing" : attached ? "attached" : recorder.state;

  function attach(recording: Recording) {
    setInputFile(input, recordingFile(recording.blob, recording.recordedAt));
    setAttached(true);
  }
  function recordAgain() {
    setInputFile(input, null);
    setAttached(false);
    recorder.discard();
  }
  useSaveWhileRecording(input, recorder, attach);
  useEffect(onReady, [onReady]);

  // The button that was pressed disappears with its state; focus goes to the next thing to do, unless
  // it is somewhere else on the page (a save button, say).
  const box = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement | null>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (view === shownView.current) return;
    shownView.current = view;
    const active = document.activeElement;
    if (!active || active === document.body || box.current?.contains(active)) main.current?.focus();
  }, [view]);
  const mainRef = (element: HTMLElement | null) => {
    main.current = element;
  };

  const status = {
    idle: t("recorder.statusIdle"),
    recording: t("recorder.statusRecording"),
    recorded: recorder.stoppedAtLimit ? t("recorder.statusLimit", { minutes: MINUTES }) : t("recorder.statusRecorded"),
    attached: t("recorder.statusAttached"),
    processing: transcribes ? t("recorder.statusProcessing") : t("recorder.statusSaving"),
  }[view];

  return (
    <div className="recorder" ref={box} data-state={view}>
      <p className="muted">
        {transcribes ? t("recorder.intro") : t("recorder.introKept")} {t("recorder.limit", { minutes: MINUTES })}
      </p>
      {/* Says each change of state once; the timer below is not a live region, so it does not chatter. */}
      <p
        className={view === "attached" ? "recorder-status recorder-attached" : "recorder-status"}
        role="status"
        tabIndex={-1}
        ref={view === "attached" ? mainRef : undefined}
      >
        {status}
      </p>
      {view === "recording" ? (
        <div className="recorder-timer" role="timer" aria-label={t("recorder.timer")}>
          <span className="recorder-dot" aria-hidden="true" />
          <span>{formatElapsed(recorder.elapsedMs)}</span>
        </div>
      ) : null}
      {recorder.recording && view !== "recording" ? (
        <div className="field">
          <span id="recorder-listen">{t("recorder.listen")}</span>
          <audio controls preload="metadata" src={recorder.recording.url} aria-describedby="recorder-listen" />
        </div>
      ) : null}
      <div className="button-row">
        {view === "idle" ? (
          <button type="button" className="button button-primary" ref={mainRef} onClick={recorder.start}>
            {t("recorder.start")}
          </button>
        ) : null}
        {view === "recording" ? (
          <button type="button" className="button button-danger" ref={mainRef} onClick={recorder.stop}>
            {t("recorder.stop")}
          </button>
        ) : null}
        {view === "recorded" && recorder.recording ? (
          <button
            type="button"
            className="button button-primary"
            ref={mainRef}
            onClick={() => attach(recorder.recording!)}
          >
            {t("recorder.add")}
          </button>
        ) : null}
        {view === "recorded" || view === "attached" || view === "processing" ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={recordAgain}
            disabled={view === "processing"}
          >
            {t("recorder.again")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
