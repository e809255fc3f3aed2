// The reference: a bare React Router 8 framework-mode app (SSR), generated fresh in every run and
// built with the same installed packages (react-router, @react-router/dev, vite) as Heirloom.
// Its root mirrors the official template (Layout, App, ErrorBoundary) without fonts or CSS.
// It is written under the project's .tmp/ (ignored by git and tsconfig) so that node_modules
// resolve from /work/main/node_modules without links.
import fs from "node:fs";
import path from "node:path";

const FILES = {
  "react-router.config.ts": `import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.BENCH_BARE_BUILD_DIR ?? "build",
} satisfies Config;
`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [reactRouter()] });
`,
  "app/routes.ts": `import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("login", "routes/login.tsx"), route("books", "routes/books.tsx")] satisfies RouteConfig;
`,
  "app/root.tsx": `import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error) ? \`\${error.status} \${error.statusText}\` : "Error";
  return (
    <main>
      <h1>{message}</h1>
    </main>
  );
}
`,
  "app/routes/home.tsx": `import { Link } from "react-router";

export function meta() {
  return [{ title: "Home" }];
}

export default function Home() {
  return (
    <main>
      <h1>Welcome</h1>
      <p>
        <Link to="/login">Sign in</Link>
      </p>
    </main>
  );
}
`,
  "app/routes/login.tsx": `import { redirect } from "react-router";

export function meta() {
  return [{ title: "Login" }];
}

export async function action() {
  return redirect("/");
}

export default function Login() {
  return (
    <main>
      <h1>Login</h1>
      <form method="post">
        <label>
          Username <input name="username" autoComplete="username" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
`,
  // The bare list page: what Heirloom's /books is compared with. Its loader returns 100 books of the same
  // shape from memory (no database), and the page renders each as a card with a link, a clipped
  // description, a date and a count.
  "app/routes/books.tsx": `import { Link } from "react-router";

const BOOKS = Array.from({ length: 100 }, (_, i) => ({
  id: i + 1,
  title: \`Book \${i + 1}\`,
  description: "Stories of the village, the river and the harvest, told by grandmother over many evenings.",
  updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
  storyCount: (i * 7) % 23,
}));

export function meta() {
  return [{ title: "Books" }];
}

export function loader() {
  return { books: BOOKS };
}

export default function Books({ loaderData }: { loaderData: { books: typeof BOOKS } }) {
  return (
    <main>
      <h1>Books</h1>
      <ul>
        {loaderData.books.map((book) => (
          <li key={book.id}>
            <h2>
              <Link to={\`/books/\${book.id}\`}>{book.title}</Link>
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
`,
};

/** Writes the bare app into `dir`; returns its root. */
export function writeBareApp(dir) {
  for (const [file, text] of Object.entries(FILES)) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return dir;
}
