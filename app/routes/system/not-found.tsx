import { useT } from "~/i18n/use-t";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { translate } from "~/http/responses.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ loaderData }) => pageTitle(loaderData?.title);

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: translate(context, "notFound.title") }, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const t = useT();
  return (
    <main id="main" className="page page-narrow center-text">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <p>
        <Link className="button button-primary" to="/">
          {t("notFound.returnHome")}
        </Link>
      </p>
    </main>
  );
}
