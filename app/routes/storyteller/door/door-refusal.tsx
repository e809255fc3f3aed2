import { useT } from "~/i18n/use-t";

/** Her page's kind refusal, in the book's language when it is known: 410 for a link that has ended, else 404. */
export function DoorRefusal({ error }: { error: unknown }) {
  const t = useT();
  const ended = error && typeof error === "object" && "status" in error && error.status === 410;
  return (
    <main id="main" className="tell">
      <h1 className="tell-question">{t(ended ? "tell.endedTitle" : "tell.unknownTitle")}</h1>
      <p className="tell-lead">{t(ended ? "tell.endedText" : "tell.unknownText")}</p>
    </main>
  );
}
