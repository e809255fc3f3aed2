import { useT } from "~/i18n/use-t";
import { StorytellerCard } from "~/routes/storyteller/components/storyteller-card";
import type { NewLinkPageData } from "~/routes/storyteller/new-link.types";
import { CopyLinkField } from "../../../components/links/copy-link-field";

const SHARE_STRINGS = {
  label: "share.linkLabel",
  hint: "newLink.fieldHint",
  copy: "share.copy",
  copied: "share.copied",
} as const;

const STEPS = ["newLink.step1", "newLink.step2", "newLink.step3", "newLink.step4"] as const;

/**
 * A link just made without JavaScript, on a page of its own (issue 35): the link in a large read-only field, how to
 * send it in plain words, and one way out, Done, back to the dialog's list. In the dialog it had no Copy button and
 * its close lost it; here it stays until she leaves. Only its hash is kept, so the page says that leaving or reloading
 * ends it; its heading says it was made, so no toast covers the steps (without JavaScript none would go away). The
 * storyteller's link comes with her card, which the browser's Print prints alone.
 */
export function NewLinkPage({ data }: { data: NewLinkPageData }) {
  const t = useT();
  const storyteller = data.kind === "storyteller";
  return (
    <main id="main" className="page new-link-page stack">
      <h1>{t(storyteller ? "newLink.storytellerTitle" : "newLink.title")}</h1>
      <p className="notice">{t("newLink.once")}</p>
      {data.kind === "share" ? (
        <CopyLinkField id="share-link" link={data.link} strings={SHARE_STRINGS} />
      ) : (
        <StorytellerCard card={data.card} />
      )}
      <section className="stack" aria-labelledby="new-link-how">
        <h2 id="new-link-how">{t("newLink.howTitle")}</h2>
        <ol className="new-link-steps">
          {STEPS.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
        {storyteller ? <p>{t("newLink.printCard")}</p> : null}
      </section>
      <p>
        {/* A plain link, a whole page: this page comes when the dialog's script did not run, so it may not run now. */}
        <a href={data.back} className="button button-primary button-large">
          {t("newLink.done")}
        </a>
      </p>
    </main>
  );
}
