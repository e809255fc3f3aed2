import type { ReactNode } from "react";

/**
 * A scrollable, labelled region around a data table (a keyboard user can scroll it: it takes focus),
 * or the empty message when there are no rows.
 */
export function TableFrame({
  caption,
  empty,
  rows,
  children,
}: {
  caption: string;
  empty: string;
  rows: number;
  children: ReactNode;
}) {
  if (rows === 0) return <p className="muted">{empty}</p>;
  return (
    <section className="table-scroll" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </section>
  );
}
