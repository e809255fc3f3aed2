import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/hooks/use-root-data";

/**
 * "Imported on {date}" for a book that came in through an import, so it can be told apart from its original
 * (which has the same title, cover and stories); nothing for a book written here.
 */
export function ImportedMark({ importedAt }: { importedAt: Date | string | null }) {
  const t = useT();
  const timeZone = useTimeZone();
  if (importedAt === null) return null;
  return <span className="imported-mark">{t("books.importedOn", { date: formatDate(importedAt, timeZone) })}</span>;
}
