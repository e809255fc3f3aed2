import { useT } from "~/i18n/use-t";
import { useNavigation } from "react-router";
import { BookCard, type BookCardData } from "~/routes/books/components/book-card";
import type { SectionQuery } from "~/routes/library/library-query";
import { LIBRARY_PAGE_SIZE } from "~/routes/library/library-query";
import { SectionSearch, ShowMore } from "./section-search";

/** The library's Books section: search, a grid of book cards, show more, and skeletons while loading. */
export function BooksSection({
  query,
  result,
}: {
  query: SectionQuery;
  result: { books: BookCardData[]; total: number };
}) {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/books";
  return (
    <section aria-labelledby="books-title" className="library-section">
      <h2 id="books-title">{t("library.booksSection")}</h2>
      <SectionSearch prefix="b" label="library.searchBooks" query={query} />
      <BookGrid books={result.books} loading={loading} searched={Boolean(query.search)} />
      <ShowMore
        prefix="b"
        query={query}
        shown={result.books.length}
        total={result.total}
        label="library.showMoreBooks"
      />
    </section>
  );
}

/** The grid of book cards: skeletons while the next page loads, or a sentence when there is no book to show. */
function BookGrid({ books, loading, searched }: { books: BookCardData[]; loading: boolean; searched: boolean }) {
  const t = useT();
  if (loading)
    return (
      <ul className="book-grid" aria-busy="true" aria-label={t("library.loading")}>
        {Array.from({ length: LIBRARY_PAGE_SIZE }, (_, i) => (
          <li key={i} className="skeleton-card" />
        ))}
      </ul>
    );
  if (books.length === 0)
    return <p className="empty-state">{searched ? t("library.noBooksMatch") : t("library.noBooks")}</p>;
  return (
    <ul className="book-grid">
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
