import { RevokeLinkForm } from "~/routes/sharing/components/revoke-link-form";
import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";
import type { StorytellerLinkItem, WeeklyData } from "~/routes/storyteller/link-card.types";
import { LinkAddressForm } from "./link-address-form";
import { WeeklyQuestion } from "./weekly-question";

/**
 * The book's storyteller links: who each is for, how a Vietnamese page addresses her (`addressed`), when it was last
 * used, what it brought, its expiry, its weekly question while it is live (issue 37), and Revoke.
 */
export function StorytellerLinks({
  action,
  links,
  addressed,
  weekly,
}: {
  action: string;
  links: StorytellerLinkItem[];
  addressed: boolean;
  weekly: WeeklyData;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="storyteller-list-title" className="stack">
      <h3 id="storyteller-list-title">{t("storyteller.listTitle")}</h3>
      {links.length === 0 ? (
        <p className="muted">{t("storyteller.none")}</p>
      ) : (
        <ul className="share-list">
          {links.map((link) => {
            const name = link.name || t("storyteller.noName");
            const until = formatDate(link.expiresAt, timeZone);
            const card = weekly.cards[link.id];
            return (
              <li key={link.id} className="share-item storyteller-item">
                <strong>{name}</strong>
                {addressed ? (
                  <LinkAddressForm action={action} linkId={link.id} name={name} address={link.address} />
                ) : null}
                <span className="muted">
                  {link.lastUsedAt
                    ? t("storyteller.lastUsed", { date: formatDate(link.lastUsedAt, timeZone) })
                    : t("storyteller.notUsed")}
                </span>
                <span>{t("storyteller.answers", { count: link.answerCount })}</span>
                <span className={link.expired ? "field-error" : "muted"}>
                  {t(link.expired ? "storyteller.expired" : "storyteller.expiresOn", { date: until })}
                </span>
                {card ? <WeeklyQuestion action={action} link={link} name={name} card={card} shared={weekly} /> : null}
                <RevokeLinkForm
                  action={action}
                  name="linkId"
                  value={link.id}
                  label={t("storyteller.revokeLabel", { name })}
                  text={t("storyteller.revoke")}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
