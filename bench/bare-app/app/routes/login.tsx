import { redirect } from "react-router";

export function meta() {
  return [{ title: "Login" }, { name: "description", content: "Sign in to the bare app." }];
}

export async function action() {
  return redirect("/");
}

export default function Login() {
  return (
    <main id="main">
      <h1>Login</h1>
      <form method="post">
        <p>
          <label>
            Username <input name="username" autoComplete="username" required />
          </label>
        </p>
        <p>
          <label>
            Password <input name="password" type="password" autoComplete="current-password" required />
          </label>
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
