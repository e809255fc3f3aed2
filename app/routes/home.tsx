import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { requireUser } from "~/lib/auth.server";
import { translate } from "~/lib/http.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { title: translate(args.context, "home.title"), name: user.displayName || user.username };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <section className="hero card">
        <h1>{t("home.welcome", { name: loaderData.name })}</h1>
        <p className="lead">{t("home.intro")}</p>
        <p>
          <Link className="button button-primary" to="/books">
            {t("home.openLibrary")}
          </Link>
        </p>
      </section>
    </main>
  );
}
