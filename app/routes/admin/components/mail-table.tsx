import { useT } from "~/i18n/use-t";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";
import { TableFrame } from "./table-frame";

type Row = {
  id: number;
  direction: "out" | "in";
  kind: "question" | "answers" | "quiet" | "ended" | "reply";
  linkName: string | null;
  bookTitle: string | null;
  recipient: string;
  sender: string;
  subject: string;
  status: "queued" | "sent" | "failed" | "taken" | "refused";
  reason: string | null;
  attempts: number;
  nextAttemptAt: Date | string | null;
  createdAt: Date | string;
};

/** A reason Heirloom writes itself ("not-sent:paused", "refused:sender"); anything else is the relay's own words. */
const REASON_CODE = /^(not-sent|refused):([a-z-]+)$/;

/** A message that did not go or was not taken stands out; one still waiting is drawn lighter. */
const STATUS_BADGE: Record<Row["status"], string> = {
  queued: " badge-draft",
  sent: "",
  taken: "",
  failed: " badge-danger",
  refused: " badge-danger",
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The reason in the admin's language when it is one of ours, as the relay wrote it otherwise. */
function reasonText(t: Translate, reason: string | null): string {
  if (!reason) return "";
  const code = REASON_CODE.exec(reason);
  if (!code) return reason;
  const key = `admin.mail.reasons.${code[1]}.${code[2]}`;
  const text = t(key);
  return text === key ? reason : text;
}

/**
 * The Email tab (issue 37): each message Heirloom sent or took, newest first, with whom it was for and how it went,
 * never its body.
 */
export function MailTable({ messages }: { messages: Row[] }) {
  const t = useT() as unknown as Translate;
  const timeZone = useTimeZone();
  return (
    <TableFrame caption={t("admin.mail.caption")} empty={t("admin.mail.none")} rows={messages.length}>
      <thead>
        <tr>
          <th scope="col">{t("admin.mail.time")}</th>
          <th scope="col">{t("admin.mail.direction")}</th>
          <th scope="col">{t("admin.mail.link")}</th>
          <th scope="col">{t("admin.mail.address")}</th>
          <th scope="col">{t("admin.mail.subject")}</th>
          <th scope="col">{t("admin.mail.status")}</th>
          <th scope="col">{t("admin.mail.reason")}</th>
          <th scope="col">{t("admin.mail.attempts")}</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <td className="nowrap">{formatDateTime(message.createdAt, timeZone)}</td>
            <td className="nowrap">
              {t(`admin.mail.directions.${message.direction}`)}
              <br />
              <span className="muted">{t(`admin.mail.kinds.${message.kind}`)}</span>
            </td>
            <td>
              {message.linkName || "—"}
              {message.bookTitle ? (
                <>
                  <br />
                  <span className="muted">{message.bookTitle}</span>
                </>
              ) : null}
            </td>
            <td>{(message.direction === "out" ? message.recipient : message.sender) || "—"}</td>
            <td className="cell-text">{message.subject || t("admin.mail.noSubject")}</td>
            <td>
              <span className={`badge${STATUS_BADGE[message.status]}`}>
                {t(`admin.mail.statuses.${message.status}`)}
              </span>
            </td>
            <td className="cell-text">{reasonText(t, message.reason)}</td>
            <td>
              {message.attempts}
              {message.status === "queued" && message.attempts > 0 && message.nextAttemptAt ? (
                <>
                  <br />
                  <span className="muted nowrap">
                    {t("admin.mail.nextTry", { time: formatDateTime(message.nextAttemptAt, timeZone) })}
                  </span>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
