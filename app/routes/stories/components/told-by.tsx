import { useT } from "~/i18n/use-t";

type Props = {
  /** "" or null when her link was made without a name. */
  tellerName: string | null;
  draft: boolean;
  /** Her recording is kept but has no transcript: the offline provider cannot make one (issue 18). */
  waitsForTranscription: boolean;
};

/**
 * Above a story the storyteller sent through her link: who told it, and while it is a draft, that nothing of it is
 * shared until the family completes it, and whether its recording still waits for someone to write it down.
 */
export function ToldBy({ tellerName, draft, waitsForTranscription }: Props) {
  const t = useT();
  return (
    <div className="notice stack told-by" role="note">
      <p>{tellerName ? t("storyteller.toldBy", { name: tellerName }) : t("storyteller.toldByNoName")}</p>
      {draft ? <p>{t("storyteller.draftGate")}</p> : null}
      {draft && waitsForTranscription ? <p>{t("storyteller.waitsForTranscription")}</p> : null}
    </div>
  );
}
