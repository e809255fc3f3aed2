import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { PostedWithScript } from "~/components/links/posted-with-script";
import { Field } from "~/components/ui/field";
import { useT } from "~/i18n/use-t";
import { useConformForm } from "~/hooks/use-conform-form";
import { STORYTELLER_LIFETIMES } from "~/lib/limits";
import { AddressChoice } from "./address-choice";
import type { StorytellerCardData } from "~/routes/storyteller/new-link.types";
import { StorytellerCard } from "./storyteller-card";
import type { StorytellerLinkItem, WeeklyData } from "~/routes/storyteller/link-card.types";
import { StorytellerLinks } from "./storyteller-links";

const loadStorytellerFormSchema = () => import("~/lib/validation").then((forms) => forms.storytellerFormSchema);

const lifetimeLabel = {
  "30": "storyteller.expires30",
  "90": "storyteller.expires90",
  "365": "storyteller.expires365",
} as const;

type Props = {
  bookId: number;
  data: {
    language: "en" | "vi";
    links: StorytellerLinkItem[];
    weekly: WeeklyData;
    topics: { id: number; title: string }[];
    card: StorytellerCardData | null;
  };
  closeHref: string;
};

/**
 * "Invite the storyteller" (?dialog=storyteller, opened from Share): make a link for the person the book is about,
 * shown once with its printable card, and see or revoke the book's links. Plain forms, as in the share dialog, so it
 * all works without JavaScript; conform checks the fields in the browser once its schemas have loaded.
 */
export function StorytellerDialog({ bookId, data, closeHref }: Props) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const action = `/books/${bookId}/storyteller-links`;
  const { formProps, errorOf } = useConformForm({ id: "storyteller-create", schema: loadStorytellerFormSchema });
  const topicsError = errorOf("topicIds");
  // Her name as it is typed: the form of address follows it (AddressChoice).
  const [name, setName] = useState("");
  return (
    <Dialog title={t("storyteller.title")} closeHref={closeHref} wide>
      <div className="stack">
        <p>{t("storyteller.intro")}</p>
        {data.card ? <StorytellerCard card={data.card} /> : null}
        {data.topics.length === 0 ? (
          <p className="notice">{t("storyteller.noTopics")}</p>
        ) : (
          <Form method="post" action={action} className="stack" preventScrollReset {...formProps}>
            <input type="hidden" name="intent" value="create" />
            <PostedWithScript />
            <Field
              name="name"
              idPrefix="storyteller-"
              label={t("storyteller.nameLabel")}
              hint={t("storyteller.nameHint")}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorOf("name")}
            />
            {/* Only a Vietnamese page needs to know whether she is bà, ông, mẹ…: English says "you" to everyone. */}
            {data.language === "vi" ? <AddressChoice name={name} /> : null}
            <fieldset aria-describedby={topicsError ? "storyteller-topics-error" : undefined}>
              <legend>{t("storyteller.topicsLabel")}</legend>
              {data.topics.map((topic) => (
                <div key={topic.id} className="checkbox">
                  <input
                    id={`storyteller-topic-${topic.id}`}
                    type="checkbox"
                    name="topicIds"
                    value={topic.id}
                    defaultChecked
                  />
                  <label htmlFor={`storyteller-topic-${topic.id}`}>{topic.title}</label>
                </div>
              ))}
              {topicsError ? (
                <p id="storyteller-topics-error" className="field-error">
                  {t(topicsError)}
                </p>
              ) : null}
            </fieldset>
            <div className="field">
              <label htmlFor="storyteller-lifetime">{t("storyteller.expiresLabel")}</label>
              <select id="storyteller-lifetime" name="lifetime" defaultValue="90">
                {STORYTELLER_LIFETIMES.map((value) => (
                  <option key={value} value={value}>
                    {t(lifetimeLabel[value])}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <button type="submit" className="button button-primary" disabled={busy}>
                {t("storyteller.create")}
              </button>
            </div>
          </Form>
        )}
        <StorytellerLinks action={action} links={data.links} addressed={data.language === "vi"} weekly={data.weekly} />
      </div>
    </Dialog>
  );
}
