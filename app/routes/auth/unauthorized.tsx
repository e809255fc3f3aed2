import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { Route } from "./+types/unauthorized";
import { translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context, "unauthorized.title") };
}

export default function Unauthorized() {
  const t = useT();
  return (
    <main id="main" className="page page-narrow center-text">
      <h1>{t("unauthorized.title")}</h1>
      <p>{t("unauthorized.text")}</p>
      <p>
        <Link className="button button-primary" to="/">
          {t("unauthorized.returnHome")}
        </Link>
      </p>
    </main>
  );
}
