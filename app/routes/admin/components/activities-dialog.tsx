import { useT } from "~/i18n/use-t";
import { Dialog } from "~/components/ui/dialog";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";
import type { ActivitySentence } from "~/lib/activity-sentence";
import { ActivitySentenceText } from "./activity-sentence";
import { Pager } from "./pager";

type Activity = {
  id: number;
  action: string;
  resource: string;
  timestamp: Date | string;
  /** The details told as a sentence, with names and links (app/lib/activity-sentence.ts). */
  sentence: ActivitySentence;
};
type Props = {
  user: { username: string; displayName: string | null };
  list: { activities: Activity[]; page: number; pages: number; total: number };
  closeHref: string;
};

/** What one user did, newest first, a page at a time (?dialog=activities&id=…&apage=…). */
export function ActivitiesDialog({ user, list, closeHref }: Props) {
  const t = useT();
  const timeZone = useTimeZone();
  const name = user.displayName || user.username;
  // Actions and resources the app writes have a translation; anything else shows as recorded.
  const label = (group: "activityActions" | "activityResources", value: string) => {
    const key = `admin.${group}.${value}`;
    const text = (t as unknown as (k: string) => string)(key);
    return text === key ? value : text;
  };
  const caption = t("admin.activitiesCaption", { name });
  return (
    <Dialog title={t("admin.activitiesTitle", { name })} closeHref={closeHref} wide>
      {list.activities.length === 0 ? (
        <p className="muted">{t("admin.activity.none")}</p>
      ) : (
        <section className="table-scroll" aria-label={caption} tabIndex={0}>
          <table className="table activity-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.activity.action")}</th>
                <th scope="col">{t("admin.activity.resource")}</th>
                <th scope="col">{t("admin.activity.details")}</th>
                <th scope="col">{t("admin.activity.timestamp")}</th>
              </tr>
            </thead>
            <tbody>
              {list.activities.map((activity) => (
                <tr key={activity.id}>
                  <td>{label("activityActions", activity.action)}</td>
                  <td>{label("activityResources", activity.resource)}</td>
                  <td className="cell-text">
                    <ActivitySentenceText sentence={activity.sentence} label={label} />
                  </td>
                  <td className="nowrap">{formatDateTime(activity.timestamp, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <Pager page={list.page} pages={list.pages} param="apage" />
    </Dialog>
  );
}
