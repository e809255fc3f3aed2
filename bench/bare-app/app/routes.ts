import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("books", "routes/books.tsx"),
  route("books/:bookId", "routes/book.tsx"),
] satisfies RouteConfig;
