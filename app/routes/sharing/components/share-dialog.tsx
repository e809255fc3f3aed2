import { Form, Link, useNavigation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useConformForm } from "~/hooks/use-conform-form";
import { useTimeZone } from "~/hooks/use-root-data";
import { SHARE_LIFETIMES } from "~/lib/limits";
import { CopyLinkField } from "../../../components/links/copy-link-field";
import { PostedWithScript } from "../../../components/links/posted-with-script";
import { RevokeLinkForm } from "./revoke-link-form";
import type { ShareView } from "~/models/share.types";

const loadShareFormSchema = () => import("~/lib/validation").then((forms) => forms.shareFormSchema);

const lifetimeLabel = {
  never: "share.expiresNever",
  "7": "share.expires7",
  "30": "share.expires30",
  "365": "share.expires365",
} as const;

const LINK_STRINGS = {
  label: "share.linkLabel",
  hint: "share.copyNow",
  copy: "share.copy",
  copied: "share.copied",
} as const;

/**
 * The workspace's share dialog (?dialog=share): make a read-only link for the family, copy it (shown
 * once: only its hash is kept) or send it with the phone's share sheet, and see or revoke the book's links.
 * Plain forms; Copy and the share sheet need JavaScript, and without it the link sits in a selectable field.
 */
export function ShareDialog({
  bookId,
  bookTitle,
  shares,
  createdLink,
  closeHref,
}: {
  bookId: number;
  bookTitle: string;
  shares: ShareView[];
  createdLink: string | null;
  closeHref: string;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const busy = useNavigation().state === "submitting";
  const action = `/books/${bookId}/shares`;
  // The route answers a refusal with its toast (ADR 0008); conform checks the choice before it is posted.
  const { formProps } = useConformForm({ id: "share-create", schema: loadShareFormSchema });
  return (
    <Dialog title={t("share.title")} closeHref={closeHref} wide>
      <div className="stack">
        <p>{t("share.intro")}</p>
        {createdLink ? (
          <div className="notice">
            <CopyLinkField id="share-link" link={createdLink} title={bookTitle} strings={LINK_STRINGS} />
          </div>
        ) : null}
        <Form method="post" action={action} className="share-create" preventScrollReset {...formProps}>
          <input type="hidden" name="intent" value="create" />
          <PostedWithScript />
          <div className="field">
            <label htmlFor="share-lifetime">{t("share.expiresLabel")}</label>
            <select id="share-lifetime" name="lifetime" defaultValue="never">
              {SHARE_LIFETIMES.map((value) => (
                <option key={value} value={value}>
                  {t(lifetimeLabel[value])}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("share.create")}
          </button>
        </Form>
        {/* Her own door (issue 18): a link that asks her the questions, in a dialog of its own. */}
        <p>
          <Link to={`/books/${bookId}?dialog=storyteller`} className="button button-secondary" preventScrollReset>
            {t("storyteller.open")}
          </Link>
        </p>
        <section aria-labelledby="share-list-title" className="stack">
          <h3 id="share-list-title">{t("share.listTitle")}</h3>
          {shares.length === 0 ? (
            <p className="muted">{t("share.none")}</p>
          ) : (
            <ul className="share-list">
              {shares.map((share) => {
                const created = formatDate(share.createdAt, timeZone);
                const until = share.expiresAt ? formatDate(share.expiresAt, timeZone) : null;
                return (
                  <li key={share.id} className="share-item">
                    <span>{t("share.createdOn", { date: created })}</span>
                    <span className={share.expired ? "field-error" : "muted"}>
                      {until
                        ? t(share.expired ? "share.expired" : "share.expiresOn", { date: until })
                        : t("share.noExpiry")}
                    </span>
                    <RevokeLinkForm
                      action={action}
                      name="shareId"
                      value={share.id}
                      label={t("share.revokeLabel", { date: created })}
                      text={t("share.revoke")}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}
