import { useT } from "~/i18n/use-t";
import { Form, Link, useSearchParams } from "react-router";
import type { MessageKey } from "~/i18n/types";
import type { SectionQuery } from "~/routes/library/library-query";
import { bookFilterHtml, type BookFilterOptions } from "~/routes/library/book-filter";

/**
 * A section's search (and optional book filter): a GET form that keeps the other sections' state,
 * so it works without JavaScript and every result is a shareable URL.
 */
export function SectionSearch({
  prefix,
  label,
  query,
  bookOptions,
}: {
  prefix: "b" | "t" | "s";
  label: MessageKey;
  query: SectionQuery;
  bookOptions?: BookFilterOptions;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const own = new Set([`${prefix}q`, `${prefix}book`, `${prefix}limit`, "dialog", "bookId"]);
  const kept = [...params].filter(([key]) => !own.has(key));
  const active = query.search !== "" || query.bookId !== undefined;
  const clearParams = new URLSearchParams(kept);
  return (
    <Form method="get" className="section-search" preventScrollReset role="search" aria-label={t(label)}>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <div className="field">
        <label htmlFor={`${prefix}q`}>{t(label)}</label>
        <input id={`${prefix}q`} name={`${prefix}q`} type="search" defaultValue={query.search} />
      </div>
      {bookOptions ? (
        <div className="field">
          <label htmlFor={`${prefix}book`}>{t("library.filterByBook")}</label>
          <select
            id={`${prefix}book`}
            name={`${prefix}book`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: book-filter.ts escapes each title (ADR 39)
            dangerouslySetInnerHTML={{ __html: bookFilterHtml(bookOptions, t("library.allBooks"), query.bookId) }}
          />
        </div>
      ) : null}
      <button type="submit" className="button button-secondary">
        {t("library.search")}
      </button>
      {active ? (
        <Link to={`?${clearParams.toString()}`} className="button button-secondary" preventScrollReset>
          {t("library.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

/** 'Show more': a link that asks for six more of this section (a plain link without JavaScript). */
export function ShowMore({
  prefix,
  query,
  shown,
  total,
  label,
}: {
  prefix: string;
  query: SectionQuery;
  shown: number;
  total: number;
  label: MessageKey;
}) {
  const t = useT();
  const [params] = useSearchParams();
  if (shown >= total) return null;
  const next = new URLSearchParams(params);
  next.set(`${prefix}limit`, String(query.limit + 6));
  return (
    <p className="show-more">
      <span className="muted">{t("library.showing", { shown: String(shown), total: String(total) })}</span>
      <Link to={`?${next.toString()}`} className="button button-secondary" preventScrollReset>
        {t(label)}
      </Link>
    </p>
  );
}
