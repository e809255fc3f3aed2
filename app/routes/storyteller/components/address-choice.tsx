import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { STORYTELLER_ADDRESSES, type StorytellerAddress } from "~db/storyteller-addresses";
import { ADDRESS_FROM_NAME, addressFromName } from "~/lib/storyteller-address";

type Choice = StorytellerAddress | typeof ADDRESS_FROM_NAME;

/**
 * How a new link's page will address her (issue 35). The first choice, "from the name", is the default: posted as it
 * is (without JavaScript, or when the name says nothing), the server reads the form of address from her name. With
 * JavaScript the choice follows the name as it is typed ("Bà Lan" selects bà) until the owner picks one.
 */
export function AddressChoice({ name }: { name: string }) {
  const t = useT();
  const [picked, setPicked] = useState<Choice | null>(null);
  const value = picked ?? addressFromName(name) ?? ADDRESS_FROM_NAME;
  return (
    <div className="field">
      <label htmlFor="storyteller-address">{t("storyteller.addressLabel")}</label>
      <select
        id="storyteller-address"
        name="address"
        value={value}
        // Back on "from the name", the choice follows the name again.
        onChange={(event) => {
          const choice = event.currentTarget.value as Choice;
          setPicked(choice === ADDRESS_FROM_NAME ? null : choice);
        }}
        aria-describedby="storyteller-address-hint"
      >
        <option value={ADDRESS_FROM_NAME}>{t("storyteller.addressFromName")}</option>
        {STORYTELLER_ADDRESSES.map((address) => (
          <option key={address} value={address}>
            {t(`storyteller.addresses.${address}`)}
          </option>
        ))}
      </select>
      <p id="storyteller-address-hint" className="field-hint">
        {t("storyteller.addressHint")}
      </p>
    </div>
  );
}
