import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { ActivitySentence, SentencePart } from "~/lib/activity-sentence";

// Each placeholder is first filled with a marker no translation contains, so the translated sentence can be cut
// around the names and each name put back as a link: the word order stays the translation's own.
const MARK = "\u0001";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** One activity told as a sentence in the admin's language, its names linked to where the admin can open them. */
export function ActivitySentenceText({
  sentence,
  label,
}: {
  sentence: ActivitySentence;
  /** An action's or a resource's word, for the sentence of an action the app does not describe. */
  label: (group: "activityActions" | "activityResources", value: string) => string;
}) {
  const t = useT() as unknown as Translate;
  const words = { ...sentence.words };
  if (typeof words.action === "string") words.action = label("activityActions", words.action);
  if (typeof words.resource === "string") words.resource = label("activityResources", words.resource);
  const markers = Object.fromEntries(Object.keys(sentence.values).map((name) => [name, `${MARK}${name}${MARK}`]));
  const text = t(`admin.activitySentence.${sentence.key}`, { ...words, ...markers });
  const pieces = text.split(MARK);
  // split() puts each marker's name at the odd places, the sentence's own words at the even ones; the pieces of
  // one sentence never move, so their places are their keys.
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index % 2 === 1 && sentence.values[piece] ? <Part part={sentence.values[piece]} t={t} /> : piece}
        </Fragment>
      ))}
    </>
  );
}

function Part({ part, t }: { part: SentencePart; t: Translate }): ReactNode {
  if ("missing" in part) {
    return part.missing === null
      ? t("admin.activitySentence.missingNoId")
      : t("admin.activitySentence.missing", { id: part.missing });
  }
  return part.href ? <Link to={part.href}>{part.text}</Link> : part.text;
}
