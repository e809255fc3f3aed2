import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import type { StorytellerLinkItem, WeeklyCard, WeeklyShared } from "~/routes/storyteller/link-card.types";
import { useWeeklyCardStrings } from "../weekly-card-strings";
import { useWeeklyResult } from "./use-weekly-result";
import { WeeklyScheduleForm } from "./weekly-schedule-form";
import { WeeklyStatus } from "./weekly-status";

type Props = { action: string; link: StorytellerLinkItem; name: string; card: WeeklyCard; shared: WeeklyShared };

/** A form of one button that posts one intent for this link (and any fields it holds). */
function LinkButtonForm({
  action,
  linkId,
  intent,
  children,
}: {
  action: string;
  linkId: number;
  intent: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={action} className="weekly-row" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="linkId" value={linkId} />
      {children}
    </Form>
  );
}

/**
 * A live link's weekly question (issue 37), on its card: where it stands, always in view, then a disclosure, so the
 * card stays small on a phone, with her email and schedule, "Ask this one next", "Send this week's question now" and
 * "Stop weekly questions". Plain forms to `/books/{id}/storyteller-links/weekly`, so it all works without JavaScript;
 * each comes back with this card open.
 */
export function WeeklyQuestion({ action, link, name, card, shared }: Props) {
  useWeeklyCardStrings();
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const result = useWeeklyResult(link.id);
  // Its refusal, or its success, comes back to the dialog with this card open again.
  const weeklyAction = `${action}/weekly?dialog=storyteller&weekly=${link.id}`;
  const nextId = `weekly-${link.id}-next`;
  return (
    <div className="weekly">
      <WeeklyStatus action={weeklyAction} link={link} name={name} card={card} />
      <details className="weekly-details" open={shared.open === link.id || result !== null || undefined}>
        <summary>{t("storyteller.weeklyTitle")}</summary>
        <div className="stack">
          <WeeklyScheduleForm action={weeklyAction} link={link} shared={shared} result={result} />
          {card.questions.length ? (
            <LinkButtonForm action={weeklyAction} linkId={link.id} intent="change">
              <label htmlFor={nextId}>{t("storyteller.askNext")}</label>
              <select id={nextId} name="nextQuestionId" defaultValue={link.nextQuestionId ?? ""}>
                <option value="">{t("storyteller.askNextInOrder")}</option>
                {card.questions.map((question) => (
                  <option key={question.id} value={question.id}>
                    {question.text}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t("storyteller.askNextChoose")}
              </button>
            </LinkButtonForm>
          ) : null}
          <LinkButtonForm action={weeklyAction} linkId={link.id} intent="send">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t("storyteller.sendNow")}
            </button>
          </LinkButtonForm>
          {link.schedule ? (
            <LinkButtonForm action={weeklyAction} linkId={link.id} intent="change">
              <input type="hidden" name="schedule" value="none" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t("storyteller.weeklyStop")}
              </button>
            </LinkButtonForm>
          ) : null}
        </div>
      </details>
    </div>
  );
}
