import { Link } from "react-router";

export function meta() {
  return [{ title: "Home" }, { name: "description", content: "The bare app's home page." }];
}

export default function Home() {
  return (
    <main id="main">
      <h1>Welcome</h1>
      <p>
        <Link to="/login">Sign in</Link> or open the <Link to="/books">books</Link>.
      </p>
    </main>
  );
}
