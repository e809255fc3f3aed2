import { useT } from "~/i18n/use-t";
import type { StorytellerAddress } from "~db/storyteller-addresses";
import type { MessageKey } from "~/i18n/types";
import { TellIcon } from "./tell-icon";
import { TellRecorder, TellToggle } from "./tell-recorder";

/** One question, and how to answer it. Nothing else of the book is here (ADR 0028). */
type Screen =
  | { kind: "question"; question: { id: number; question: string; topicTitle: string }; anotherId: number | null }
  | { kind: "finished" }
  | { kind: "closing" };

export type TellPageProps = {
  /** Her page's own address, without a query: every link and form of the page goes back to it. */
  path: string;
  teller: { name: string; address: StorytellerAddress };
  screen: Screen;
  sentCount: number;
  justSent: boolean;
  /** Her recording was kept without its words: the thanks say that the family can write it out (issue 35). */
  voiceSaved: boolean;
  idempotencyKey: string;
  /** Why her last answer was not kept, as a message key, and her writing, shown again. */
  error: string | null;
  content: string;
  /** The page's one script, when the build has it. */
  script: string | null;
  nonce: string | undefined;
  /** A signed-in storyteller's way back to Home (her link's page has nowhere else to go). */
  homeHref?: string;
};

/** The words a Vietnamese page calls her by ("bà", "ông"…), and the same capitalised to start a sentence. */
function useAddress(address: StorytellerAddress) {
  const t = useT();
  const you = t(`tell.you.${address}`);
  return { you, You: you.charAt(0).toUpperCase() + you.slice(1) };
}

/**
 * The storyteller's door (issue 18): large type, one step at a time, and a form that works as plain HTML (a recording
 * from the phone's own recorder, or her writing). The page's script, where the phone allows it, records in the page,
 * reads the question aloud and keeps a recording on the phone until the server has it.
 */
export function TellPage(props: TellPageProps) {
  const t = useT();
  const words = useAddress(props.teller.address);
  const { screen } = props;
  return (
    <main id="main" className="tell">
      {props.justSent ? (
        <p className="tell-thanks" id="tell-thanks" tabIndex={-1} role="status">
          {t("tell.sentCount", { ...words, count: props.sentCount })}
          {/* In the thanks that take the focus, so that a screen reader says it too. */}
          {props.voiceSaved ? <span className="tell-voice-saved"> {t("tell.voiceSaved", words)}</span> : null}
        </p>
      ) : (
        <p className="tell-greeting">
          {props.teller.name ? t("tell.greeting", { name: props.teller.name }) : t("tell.greetingNoName", words)}
        </p>
      )}
      {props.error ? (
        <p className="tell-error" role="alert" id="tell-error">
          {t(props.error as MessageKey, words)}
        </p>
      ) : null}
      {screen.kind === "question" ? (
        <QuestionStep {...props} screen={screen} words={words} />
      ) : (
        <section className="tell-end" aria-labelledby="tell-end-title">
          <h1 id="tell-end-title" className="tell-question">
            {t(screen.kind === "closing" ? "tell.closingTitle" : "tell.finishedTitle", words)}
          </h1>
          <p className="tell-lead">{t(screen.kind === "closing" ? "tell.closingText" : "tell.finishedText", words)}</p>
          {screen.kind === "closing" ? (
            <a className="tell-button" href={props.path}>
              <TellIcon name="next" />
              {t("tell.backToQuestions")}
            </a>
          ) : null}
          {props.homeHref ? (
            <a className="tell-button" href={props.homeHref}>
              {t("tell.home")}
            </a>
          ) : null}
          {/* A recording kept on the phone from an earlier visit is sent from here too; this says how it goes. */}
          <p
            className="tell-status"
            role="status"
            data-tell="status"
            data-sending={t("tell.sending", { ...words, percent: "{percent}" })}
            data-waiting={t("tell.waiting", words)}
            data-failed={t("tell.sendFailed", words)}
          />
        </section>
      )}
      {/* On every screen: it moves the focus to the thanks, and sends what the phone still keeps. */}
      {props.script ? <script type="module" src={props.script} nonce={props.nonce} /> : null}
    </main>
  );
}

function QuestionStep({
  path,
  screen,
  idempotencyKey,
  error,
  content,
  justSent,
  words,
}: TellPageProps & { screen: Extract<Screen, { kind: "question" }>; words: { you: string; You: string } }) {
  const t = useT();
  const { question } = screen;
  return (
    <section className="tell-step" aria-labelledby="tell-question">
      {justSent ? <p className="tell-lead">{t("tell.nextQuestion")}</p> : null}
      <p className="tell-topic">{t("tell.questionOf", { topic: question.topicTitle })}</p>
      <h1 id="tell-question" className="tell-question">
        {question.question}
      </h1>
      <button type="button" className="tell-button" data-tell="hear" hidden>
        <TellIcon name="hear" />
        {t("tell.hear")}
      </button>
      <form
        className="tell-form"
        method="post"
        action={path}
        encType="multipart/form-data"
        data-tell="form"
        aria-describedby={error ? "tell-error" : undefined}
      >
        <input type="hidden" name="questionId" value={question.id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TellRecorder words={words} />
        <div className="tell-field" data-tell="file-field">
          <label htmlFor="tell-audio">{t("tell.audioLabel")}</label>
          <p className="tell-hint" id="tell-audio-hint">
            {t("tell.audioHint", words)}
          </p>
          <input
            id="tell-audio"
            type="file"
            name="audio"
            accept="audio/*"
            capture="user"
            aria-describedby="tell-audio-hint"
          />
        </div>
        <div className="tell-field" data-tell="text-field">
          <label htmlFor="tell-content">{t("tell.contentLabel")}</label>
          <textarea id="tell-content" name="content" rows={6} defaultValue={content} />
        </div>
        <button type="submit" className="tell-button tell-primary" data-tell="submit">
          <TellIcon name="send" />
          {t("tell.sendForm")}
        </button>
        <TellToggle />
      </form>
      <nav className="tell-more" aria-label={t("tell.pageTitle")}>
        {screen.anotherId !== null ? (
          <a className="tell-button" href={`${path}?question=${screen.anotherId}`}>
            <TellIcon name="next" />
            {t("tell.another")}
          </a>
        ) : null}
        <a className="tell-button" href={`${path}?done=1`}>
          <TellIcon name="rest" />
          {t("tell.enough")}
        </a>
      </nav>
    </section>
  );
}
