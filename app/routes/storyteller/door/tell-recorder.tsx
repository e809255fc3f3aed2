import { useT } from "~/i18n/use-t";
import { TellIcon } from "./tell-icon";

/**
 * The in-page recorder of her door, hidden in the HTML: the page's script
 * (app/routes/storyteller/client/tell.client.ts) shows it where the
 * phone can record, and hides the plain file field instead. The words the script shows later travel as data
 * attributes, already in her language. The progress and the status line sit outside the recorder, so that a
 * recording kept from an earlier visit can say how its sending goes whichever way she answers now.
 */
export function TellRecorder({ words }: { words: { you: string; You: string } }) {
  const t = useT();
  return (
    <>
      <div
        className="tell-recorder"
        data-tell="recorder"
        hidden
        data-sending={t("tell.sending", { ...words, percent: "{percent}" })}
        data-waiting={t("tell.waiting", words)}
        data-failed={t("tell.sendFailed", words)}
        data-mic-refused={t("tell.micRefused", words)}
        data-recording={t("tell.recording", words)}
        data-recorded={t("tell.recorded", words)}
        data-type-instead={t("tell.typeInstead")}
        data-speak-instead={t("tell.speakInstead")}
      >
        <button type="button" className="tell-button tell-primary" data-tell="record">
          <TellIcon name="record" />
          {t("tell.record")}
        </button>
        <p className="tell-timer" data-tell="timer" hidden>
          <span className="visually-hidden">{t("tell.recordingTime")} </span>
          <span data-tell="time">00:00</span>
        </p>
        <button type="button" className="tell-button tell-primary" data-tell="stop" hidden>
          <TellIcon name="stop" />
          {t("tell.stop")}
        </button>
        {/* Her recording, to hear before it goes (issue 35): played from the phone itself, so also offline. Its
            length shows on the button (data-length, drawn by CSS) and is read out in words as its description. */}
        <div className="tell-row">
          <button
            type="button"
            className="tell-button tell-listen"
            data-tell="listen"
            data-stop-listening={t("tell.stopListening")}
            aria-describedby="tell-length"
            hidden
          >
            <span className="tell-when-still">
              <TellIcon name="play" />
            </span>
            <span className="tell-when-playing">
              <TellIcon name="stop" />
            </span>
            <span data-tell="listen-text">{t("tell.listenBack")}</span>
          </button>
          <button type="button" className="tell-button tell-primary" data-tell="send" hidden>
            <TellIcon name="send" />
            {t("tell.send")}
          </button>
        </div>
        <span id="tell-length" className="visually-hidden" data-tell="length" data-words={t("media.length")} />
        <audio data-tell="player" preload="none" />
        <button type="button" className="tell-button" data-tell="again" hidden>
          <TellIcon name="again" />
          {t("tell.recordAgain")}
        </button>
      </div>
      <div className="tell-progress" data-tell="progress" hidden>
        <progress max={100} value={0} aria-labelledby="tell-status" />
      </div>
      <p className="tell-status" id="tell-status" role="status" data-tell="status" />
    </>
  );
}

/** "Type instead" / "Speak instead": the script shows it beside the recorder and changes its words as she switches. */
export function TellToggle() {
  const t = useT();
  return (
    <button type="button" className="tell-button" data-tell="toggle" hidden>
      <TellIcon name="write" />
      <span data-tell="toggle-text">{t("tell.typeInstead")}</span>
    </button>
  );
}
