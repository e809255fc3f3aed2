import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useT } from "~/i18n/use-t";

// The recorder is its own chunk, fetched only after hydration and only where the browser can record.
// Should that chunk fail to load, nothing replaces the file input, which simply stays.
// Here, not in ./recording, which would otherwise become a chunk of its own that the workspace loads up front.
function canRecord(): boolean {
  return typeof window.MediaRecorder === "function" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

type RecorderProps = { input: HTMLInputElement; onReady: () => void; transcribes: boolean };
const NoRecorder: ComponentType<RecorderProps> = () => null;
const VoiceRecorder = lazy(
  (): Promise<{ default: ComponentType<RecorderProps> }> =>
    import("./voice-recorder").catch(() => ({ default: NoRecorder })),
);

/**
 * The story form's Recording tab. The server renders a plain `<input type="file" accept="audio/*"
 * capture>` named `audio`: without JavaScript, or without MediaRecorder, a phone opens its own recorder
 * and the form posts the file (docs/architecture.md, Conventions: progressive enhancement). Where the browser can
 * record, the in-page recorder
 * takes its place on screen; the input stays in the form, hidden, and the recorder fills it. Both say what
 * the server will do with the recording: add its words to the text (`transcribes`), or keep it as it is.
 */
export function RecordingField({ transcribes }: { transcribes: boolean }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [supported, setSupported] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setSupported(canRecord()), []);
  const onReady = useCallback(() => setEnhanced(true), []);
  return (
    <div className="recording-field stack">
      <div className="field" hidden={enhanced}>
        <label htmlFor="audio">{t("recorder.fileLabel")}</label>
        <input ref={input} id="audio" name="audio" type="file" accept="audio/*" capture aria-describedby="audio-hint" />
        <p id="audio-hint" className="field-hint">
          {transcribes ? t("recorder.fileHint") : t("recorder.fileHintKept")}
        </p>
      </div>
      {supported && input.current ? (
        <Suspense fallback={null}>
          <VoiceRecorder input={input.current} onReady={onReady} transcribes={transcribes} />
        </Suspense>
      ) : null}
    </div>
  );
}
