import { Link, redirect } from "react-router";
import { booksOf, userOf } from "../db.server";

// The signed-in reference: the floor of any signed-in list page. Its session and user are looked up in SQLite on
// each request, then the user's 100 books with their story counts, rendered under a header of navigation links.
export function meta() {
  return [{ title: "Your books" }, { name: "description", content: "The bare app's signed-in list of books." }];
}

export function loader({ request }: { request: Request }) {
  const user = userOf(request);
  if (!user) throw redirect("/login");
  return { user, books: booksOf(user.id) };
}

type Data = ReturnType<typeof loader>;

export default function SignedInBooks({ loaderData }: { loaderData: Data }) {
  const { user, books } = loaderData;
  return (
    <>
      <header>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/signed-in/books">Library</Link>
            </li>
            <li>
              <Link to="/books">Books</Link>
            </li>
            <li>{user.name}</li>
          </ul>
        </nav>
      </header>
      <main id="main">
        <h1>Your books</h1>
        <ul>
          {books.map((book) => (
            <li key={book.id}>
              <h2>
                <Link to={`/books/${book.id}`}>{book.title}</Link>
              </h2>
              <p>{book.description.slice(0, 120)}</p>
              <p>
                {new Date(book.updatedAt).toISOString().slice(0, 10)} · {book.storyCount} stories
              </p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
