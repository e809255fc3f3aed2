import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import type { StorytellerLinkItem, WeeklyCard } from "~/routes/storyteller/link-card.types";

const NOT_SENT = {
  "not-sent:paused": "storyteller.mailNotSent.paused",
  "not-sent:ended": "storyteller.mailNotSent.ended",
  "not-sent:question-gone": "storyteller.mailNotSent.questionGone",
} as const;

/** Her last email's failure: the relay's own words, or, for one never sent, why in a sentence. */
function FailureLine({ name, reason }: { name: string; reason: string }) {
  const t = useT();
  const text = !reason.startsWith("not-sent:")
    ? t("storyteller.mailFailed", { name, reason })
    : t(NOT_SENT[reason as keyof typeof NOT_SENT] ?? "storyteller.mailNotSent.other", { name });
  return <p className="field-error">{text}</p>;
}

/**
 * Where a link's weekly question stands, on its card: when the next one goes (in her zone), or that it is paused, and
 * by whom, with Pause or Resume; and her last email, when it failed.
 */
export function WeeklyStatus({
  action,
  link,
  name,
  card,
}: {
  action: string;
  link: StorytellerLinkItem;
  name: string;
  card: WeeklyCard;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { nextSend } = card;
  let status = t("storyteller.weeklyNone");
  if (link.paused)
    status = t(link.pausedBy === "storyteller" ? "storyteller.weeklyPausedByTeller" : "storyteller.weeklyPaused", {
      name,
    });
  else if (nextSend) status = t("storyteller.weeklyNext", nextSend);
  return (
    <div className="weekly-status">
      <p>{status}</p>
      {link.schedule ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="linkId" value={link.id} />
          <input type="hidden" name="paused" value={link.paused ? "false" : "true"} />
          <button type="submit" className="button button-secondary" disabled={busy}>
            {t(link.paused ? "storyteller.weeklyResume" : "storyteller.weeklyPause")}
          </button>
        </Form>
      ) : null}
      {link.quietWeeks && !link.paused ? <p className="field-hint">{t("storyteller.weeklyQuiet", { name })}</p> : null}
      {link.lastFailure ? <FailureLine name={name} reason={link.lastFailure.reason} /> : null}
    </div>
  );
}
