import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import { readSessionValue, writeSessionValue } from "~/lib/session-value";

// The Web Speech API's recognition, as far as this button uses it (the DOM typings do not carry it everywhere).
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
};
type RecognitionClass = (new () => Recognition) & {
  available?: (options: { langs: string[]; processLocally?: boolean }) => Promise<string>;
};

/** The language tags the browser's recognition is asked for, by book language. */
const SPEECH_TAGS = { en: "en-US", vi: "vi-VN" } as const;

function recognitionClass(): RecognitionClass | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Whether this browser recognises speech in `tag`. Browsers that can say (SpeechRecognition.available) are
 * asked; an older one that has recognition but cannot say is given the benefit of the doubt.
 */
async function canDictate(tag: string): Promise<boolean> {
  const Recognition = recognitionClass();
  if (!Recognition) return false;
  if (typeof Recognition.available !== "function") return true;
  try {
    return (await Recognition.available({ langs: [tag], processLocally: false })) !== "unavailable";
  } catch {
    return false;
  }
}

// The recognition service cannot be used from this browser at all (Chromium without Google's keys answers "network"),
// as opposed to a pause, a stop or a refused microphone.
const SERVICE_ERRORS = new Set(["network", "service-not-allowed", "language-not-supported"]);

/** Where a browser said its recognition cannot be used, per language tag: the button stays away for the visit. */
const unavailableKey = (tag: string) => `heirloom:dictation-unavailable:${tag}`;

const markedUnavailable = (tag: string) => readSessionValue(unavailableKey(tag)) === "1";
// Where the store refuses (a private window), the button goes away for this page only.
const markUnavailable = (tag: string) => writeSessionValue(unavailableKey(tag), "1");

/** Adds recognised words at the end of the story's text, a space apart, and tells listeners it changed. */
function appendWords(textareaId: string, words: string) {
  const field = document.getElementById(textareaId) as HTMLTextAreaElement | null;
  const text = words.trim();
  if (!field || !text) return;
  field.value = field.value.trim() ? `${field.value.replace(/\s+$/, "")} ${text}` : text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * "Dictate" for the story's text (JavaScript only): the browser's own speech recognition, in the book's
 * language, writes what she says into the text as she says it. It touches nothing else: a recording attached
 * to the story stays as it is. Where the browser has no recognition for that language there is no button, nor once
 * the browser has said its recognition service cannot be reached (for the rest of the visit).
 */
export function DictateButton({ textareaId, language }: { textareaId: string; language: "en" | "vi" }) {
  const t = useT();
  const [supported, setSupported] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const tag = SPEECH_TAGS[language];

  useEffect(() => {
    let live = true;
    if (markedUnavailable(tag)) return;
    void canDictate(tag).then((yes) => live && setSupported(yes));
    return () => {
      live = false;
      recognition.current?.stop();
    };
  }, [tag]);

  function start() {
    const Recognition = recognitionClass();
    if (!Recognition) return;
    const session = new Recognition();
    session.lang = tag;
    session.continuous = true;
    session.interimResults = false;
    session.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i]!;
        if (result.isFinal) appendWords(textareaId, result[0].transcript);
      }
    };
    session.onerror = (event) => {
      // "no-speech" and "aborted" are a pause or a stop, not a failure.
      if (event.error === "no-speech" || event.error === "aborted") return;
      if (SERVICE_ERRORS.has(event.error)) {
        // Offering the button again would only fail again: it goes, and she is told what else she can do.
        markUnavailable(tag);
        setSupported(false);
        showToast({ kind: "error", title: "dictation.failedTitle", description: "dictation.unavailable" });
        return;
      }
      showToast({ kind: "error", title: "dictation.failedTitle", description: "dictation.failed" });
    };
    session.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    recognition.current = session;
    try {
      session.start();
      setListening(true);
    } catch {
      recognition.current = null;
      showToast({ kind: "error", title: "dictation.failedTitle", description: "dictation.failed" });
    }
  }

  if (!supported) return null;
  return (
    <div className="dictate">
      <button
        type="button"
        className={listening ? "button button-small button-danger" : "button button-small button-secondary"}
        onClick={listening ? () => recognition.current?.stop() : start}
        aria-describedby="dictate-status"
      >
        {listening ? t("dictation.stop") : t("dictation.start")}
      </button>
      <p id="dictate-status" className="field-hint" role="status">
        {listening ? t("dictation.listening") : ""}
      </p>
    </div>
  );
}
