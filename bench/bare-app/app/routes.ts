import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("books", "routes/books.tsx"),
  route("books/:bookId", "routes/book.tsx"),
  route("signed-in/books", "routes/signed-in-books.tsx"),
] satisfies RouteConfig;
