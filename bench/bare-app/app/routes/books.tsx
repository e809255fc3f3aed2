import { Link } from "react-router";

// 100 books of the shape Heirloom's /books shows, from memory (no database): the bare list page that
// Heirloom's signed-in /books is compared with.
const BOOKS = Array.from({ length: 100 }, (_, i) => ({
  id: i + 1,
  title: `Book ${i + 1}`,
  description: "Stories of the village, the river and the harvest, told by grandmother over many evenings.",
  updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
  storyCount: (i * 7) % 23,
}));

export function meta() {
  return [{ title: "Books" }, { name: "description", content: "The bare app's list of books." }];
}

export function loader() {
  return { books: BOOKS };
}

export default function Books({ loaderData }: { loaderData: { books: typeof BOOKS } }) {
  return (
    <main id="main">
      <h1>Books</h1>
      <ul>
        {loaderData.books.map((book) => (
          <li key={book.id}>
            <h2>
              <Link to={`/books/${book.id}`}>{book.title}</Link>
            </h2>
            <p>{book.description.slice(0, 120)}</p>
            <p>
              {book.updatedAt.toISOString().slice(0, 10)} · {book.storyCount} stories
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
