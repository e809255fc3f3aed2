import { useEffect, useRef } from "react";
import { showToast } from "~/lib/client-toast";
import { STOP_BEFORE_SAVE_MS } from "./recording";
import type { Recording, RecorderState } from "./use-media-recorder";

type Recorder = { latest: () => { state: RecorderState; recording: Recording | null }; stop: () => void };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Saving the story while a recording runs (docs/product.md §4): the save waits, the recording is stopped, and
 * after 500 ms it is attached and the form submitted again by the same button (so "Save draft" stays
 * a draft and "Complete" publishes). With no recording by then, the save is called off with the
 * spec's notice. A recording already stopped but not added is attached as the form posts.
 *
 * A native listener on the form runs before React Router's onSubmit (React handles events once they
 * bubble to the root), and Router's <Form> leaves a submit alone once its default is prevented.
 */
export function useSaveWhileRecording(
  input: HTMLInputElement | null,
  recorder: Recorder,
  attach: (recording: Recording) => void,
): void {
  const latest = useRef({ recorder, attach });
  latest.current = { recorder, attach };

  useEffect(() => {
    const form = input?.form;
    if (!form) return;
    let waiting = false;
    const onSubmit = async (event: SubmitEvent) => {
      // A second press during the wait must not post the story without its recording.
      if (waiting) return event.preventDefault();
      const now = latest.current.recorder.latest();
      // A recording that was stopped but not yet added goes with the story rather than being lost.
      if (now.state === "recorded" && now.recording && !input?.files?.length) latest.current.attach(now.recording);
      if (now.state !== "recording") return;
      event.preventDefault();
      waiting = true;
      const submitter =
        event.submitter instanceof HTMLButtonElement && event.submitter.form === form ? event.submitter : undefined;
      latest.current.recorder.stop();
      await delay(STOP_BEFORE_SAVE_MS);
      waiting = false;
      if (!form.isConnected) return;
      const { recording } = latest.current.recorder.latest();
      if (!recording) {
        showToast({ kind: "error", title: "recorder.stopBeforeSave" });
        return;
      }
      latest.current.attach(recording);
      form.requestSubmit(submitter);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [input]);
}
