import { useT } from "~/i18n/use-t";

/** What every page of a shared book shows for a wrong, expired or revoked link (or a photo it does not hold). */
export function SharedLinkNotFound() {
  const t = useT();
  return (
    <main id="main" className="page page-narrow">
      <h1>{t("reader.notFoundTitle")}</h1>
      <p>{t("reader.notFoundText")}</p>
    </main>
  );
}
