import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("books", "routes/books.tsx"),
  route("books/:bookId", "routes/workspace/book.tsx"),
] satisfies RouteConfig;
