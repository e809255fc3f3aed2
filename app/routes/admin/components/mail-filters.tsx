import { useT } from "~/i18n/use-t";
import type { MailDirection } from "~/lib/admin-filters";
import { MAIL_DIRECTIONS, MAIL_STATUSES, type MailStatus } from "~db/values";

export type MailFilters = { direction?: MailDirection; status?: MailStatus };

type Translate = (key: string) => string;

/** The Email tab's direction and status, two fields of the toolbar's GET form: "all" is the empty value. */
export function MailFilterFields({ direction, status }: MailFilters) {
  const t = useT() as unknown as Translate;
  return (
    <>
      <div className="field">
        <label htmlFor="direction">{t("admin.mail.directionFilter")}</label>
        <select id="direction" name="direction" defaultValue={direction ?? ""}>
          <option value="">{t("admin.mail.allDirections")}</option>
          {MAIL_DIRECTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`admin.mail.directions.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="status">{t("admin.mail.statusFilter")}</label>
        <select id="status" name="status" defaultValue={status ?? ""}>
          <option value="">{t("admin.mail.allStatuses")}</option>
          {MAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.mail.statuses.${value}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
