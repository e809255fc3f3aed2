import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { useConformForm } from "~/hooks/use-conform-form";
import { useI18n, useT } from "~/i18n/use-t";
import { weekStart } from "~/lib/dates";
import type { FormResult } from "~/lib/submission";
import type { StorytellerLinkItem, WeeklyShared } from "~/routes/storyteller/link-card.types";

const loadWeeklySchema = () => import("~/lib/validation").then((forms) => forms.storytellerWeeklyFormSchema);

const DAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/** The week's days in the order the reader's calendar has them: Monday first in Vietnamese, Sunday in English. */
const weekdaysFrom = (first: 0 | 1) => Array.from({ length: 7 }, (_, index) => (first + index) % 7);

/** The days a failed post had checked (one posts a string, several an array), else the saved ones. */
function checkedDays(result: FormResult | null, saved: number[]): Set<number> {
  if (!result) return new Set(saved);
  const posted = result.initialValue?.weekdays;
  return new Set([posted ?? []].flat().map(Number));
}

/**
 * Her email and when her weekly question goes: the weekdays, the time and the zone, with Save. A new schedule starts
 * in the browser's own zone once the page's script runs (the server cannot know it), else in the book's default.
 */
export function WeeklyScheduleForm({
  action,
  link,
  shared,
  result,
}: {
  action: string;
  link: StorytellerLinkItem;
  shared: WeeklyShared;
  result: FormResult | null;
}) {
  const t = useT();
  const firstDay = weekStart(useI18n().language);
  const busy = useNavigation().state === "submitting";
  const prefix = `weekly-${link.id}-`;
  const { formProps, errorOf, typed } = useConformForm({
    id: `storyteller-weekly-${link.id}`,
    schema: loadWeeklySchema,
    lastResult: result,
  });
  const zone = useRef<HTMLSelectElement>(null);
  const fresh = !link.schedule && !result;
  useEffect(() => {
    const select = zone.current;
    if (!fresh || !select) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (shared.timeZones.includes(browserZone)) select.value = browserZone;
  }, [fresh, shared.timeZones]);
  const days = checkedDays(result, link.schedule?.weekdays ?? []);
  const daysError = errorOf("weekdays");
  const timeError = errorOf("time");
  const zoneError = errorOf("timeZone");
  const postedZone = typeof result?.initialValue?.timeZone === "string" ? result.initialValue.timeZone : null;
  return (
    <Form method="post" action={action} className="stack weekly-form" preventScrollReset {...formProps}>
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="linkId" value={link.id} />
      <Field
        name="email"
        type="email"
        idPrefix={prefix}
        label={t("storyteller.weeklyEmail")}
        hint={t("storyteller.weeklyEmailHint")}
        autoComplete="off"
        defaultValue={typed("email") ?? link.email ?? ""}
        error={errorOf("email")}
      />
      <fieldset aria-describedby={daysError ? `${prefix}weekdays-error` : undefined}>
        <legend>{t("storyteller.weeklyDays")}</legend>
        <div className="weekly-days">
          {weekdaysFrom(firstDay).map((day) => (
            <div key={day} className="checkbox">
              <input
                id={`${prefix}day-${day}`}
                type="checkbox"
                name="weekdays"
                value={day}
                defaultChecked={days.has(day)}
              />
              <label htmlFor={`${prefix}day-${day}`}>{t(`storyteller.weekdays.${DAY_KEYS[day]!}`)}</label>
            </div>
          ))}
        </div>
        {daysError ? (
          <p id={`${prefix}weekdays-error`} className="field-error">
            {t(daysError)}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${prefix}time`}>{t("storyteller.weeklyTime")}</label>
        <input
          id={`${prefix}time`}
          type="time"
          name="time"
          defaultValue={typed("time") ?? link.schedule?.time ?? "09:00"}
          aria-invalid={timeError ? true : undefined}
          aria-describedby={timeError ? `${prefix}time-error` : undefined}
        />
        {timeError ? (
          <p id={`${prefix}time-error`} className="field-error">
            {t(timeError)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}timeZone`}>{t("storyteller.weeklyTimeZone")}</label>
        <select
          ref={zone}
          id={`${prefix}timeZone`}
          name="timeZone"
          defaultValue={postedZone ?? link.schedule?.timeZone ?? shared.defaultTimeZone}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={zoneError ? `${prefix}timeZone-error` : undefined}
        >
          {/* An option's value is its text: said once, a card's 400 zones weigh half as much. */}
          {shared.timeZones.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        {zoneError ? (
          <p id={`${prefix}timeZone-error`} className="field-error">
            {t(zoneError)}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("storyteller.weeklySave")}
        </button>
      </div>
    </Form>
  );
}
