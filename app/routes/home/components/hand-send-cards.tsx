import { useEffect, useState } from "react";
import { Form } from "react-router";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import type { HandSend } from "~/models/hand-sends.types";

/** What the browser offers to pass the message on, known only once JavaScript runs. */
type Abilities = { copy: boolean; share: boolean };

/**
 * "This week's question for Bà Lan is ready" (issue 37): each week's question the family sends by hand, with the
 * message the server wrote in the book's language. Without JavaScript the message is plain text to select and its
 * link a plain link; Share (the phone's share sheet, straight to Zalo, Messenger or SMS) and Copy appear once
 * JavaScript has found them. "Mark as sent" is a plain form.
 */
export function HandSendCards({ sends }: { sends: HandSend[] }) {
  const [can, setCan] = useState<Abilities>({ copy: false, share: false });
  useEffect(() => {
    setCan({
      copy: typeof navigator.clipboard?.writeText === "function",
      share: typeof navigator.share === "function",
    });
  }, []);
  return sends.map((send) => <HandSendCard key={send.sendId} send={send} can={can} />);
}

function HandSendCard({ send, can }: { send: HandSend; can: Abilities }) {
  const t = useT();
  const id = `hand-send-${send.sendId}`;
  // The server ends the message with her link: it is shown as a link, and sent as the text it is.
  const text = send.url ? send.message.slice(0, send.message.length - send.url.length) : send.message;
  const share = async () => {
    try {
      await navigator.share({ text: send.message });
    } catch {
      // Closing the share sheet rejects too (AbortError): nothing went wrong, and the message is still in view.
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(send.message);
    showToast({ kind: "success", title: "handSend.copied" });
  };
  return (
    <section className="card stack hand-send" aria-labelledby={id}>
      <h2 id={id}>{send.name ? t("handSend.title", { name: send.name }) : t("handSend.titleNoName")}</h2>
      <p className="muted">{t("handSend.forBook", { book: send.bookTitle })}</p>
      <figure className="hand-send-figure">
        <figcaption className="field-hint">{t("handSend.messageLabel")}</figcaption>
        <blockquote className="hand-send-message">
          {text}
          {send.url ? <a href={send.url}>{send.url}</a> : null}
        </blockquote>
      </figure>
      <p className="field-hint">{send.url ? t("handSend.hint") : t("handSend.noLink")}</p>
      <div className="button-row">
        {can.share ? (
          <button type="button" className="button button-primary" onClick={share}>
            {t("handSend.share")}
          </button>
        ) : null}
        {can.copy ? (
          <button type="button" className="button button-secondary" onClick={copy}>
            {t("handSend.copy")}
          </button>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="hand-send:sent" />
          <input type="hidden" name="sendId" value={send.sendId} />
          <button type="submit" className="button button-secondary" aria-describedby={id}>
            {t("handSend.markSent")}
          </button>
        </Form>
      </div>
    </section>
  );
}
