import { Form, useNavigation } from "react-router";

/**
 * Revoke, for one link of a list (a share link, a storyteller's link): a plain form of one button posting the
 * link's id to the dialog's form route, so it works without JavaScript. `label` names the link for a screen reader.
 */
export function RevokeLinkForm({
  action,
  name,
  value,
  label,
  text,
}: {
  action: string;
  name: "shareId" | "linkId";
  value: number;
  label: string;
  text: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="button button-danger" disabled={busy} aria-label={label}>
        {text}
      </button>
    </Form>
  );
}
