import { Form, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { STORYTELLER_ADDRESSES, type StorytellerAddress } from "~db/storyteller-addresses";

/**
 * How one link's page addresses her, and the owner's way to change it (issue 35): the address read from her name is
 * kept on the link, in view here, never a silent guess. A plain form, so it works without JavaScript.
 */
export function LinkAddressForm({
  action,
  linkId,
  name,
  address,
}: {
  action: string;
  linkId: number;
  name: string;
  address: StorytellerAddress;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const id = `storyteller-address-${linkId}`;
  return (
    <Form method="post" action={action} className="link-address" preventScrollReset>
      <input type="hidden" name="intent" value="address" />
      <input type="hidden" name="linkId" value={linkId} />
      <label htmlFor={id}>{t("storyteller.addressOf", { name })}</label>
      <select id={id} name="address" defaultValue={address}>
        {STORYTELLER_ADDRESSES.map((value) => (
          <option key={value} value={value}>
            {t(`storyteller.addresses.${value}`)}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button-secondary"
        disabled={busy}
        aria-label={t("storyteller.addressChangeLabel", { name })}
      >
        {t("storyteller.addressChange")}
      </button>
    </Form>
  );
}
