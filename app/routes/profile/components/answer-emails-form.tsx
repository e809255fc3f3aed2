import { Form } from "react-router";
import { useT } from "~/i18n/use-t";

/**
 * The owner's emails about a storyteller's answers (issue 37 §3): on or off, one button that says what it does,
 * a plain form that works without JavaScript.
 */
export function AnswerEmailsForm({ on }: { on: boolean }) {
  const t = useT();
  return (
    // Not a named region: its name would be one more "Email…" beside the email field for anyone finding it by label.
    <section className="stack">
      <h2>{t("profile.answerEmailsTitle")}</h2>
      <p>{t(on ? "profile.answerEmailsOn" : "profile.answerEmailsOff")}</p>
      <Form method="post" replace>
        <input type="hidden" name="intent" value="answerEmails" />
        <input type="hidden" name="answerEmails" value={on ? "off" : "on"} />
        <button type="submit" className="button">
          {t(on ? "profile.answerEmailsTurnOff" : "profile.answerEmailsTurnOn")}
        </button>
      </Form>
    </section>
  );
}
