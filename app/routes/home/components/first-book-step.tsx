import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { useHrefWith } from "~/hooks/use-href-with";

/**
 * Home for a user without books: one large step instead of an empty "Continue your story", an empty list of
 * books and a three-step guide.
 */
export function FirstBookStep() {
  const t = useT();
  const hrefWith = useHrefWith();
  return (
    <section className="card first-step stack" aria-labelledby="first-step-title">
      <h2 id="first-step-title">{t("home.firstBookTitle")}</h2>
      <p>{t("home.firstBookText")}</p>
      <p>
        <Link
          className="button button-primary button-large"
          to={hrefWith({ dialog: "create-book" })}
          preventScrollReset
        >
          {t("home.firstBook")}
        </Link>
      </p>
    </section>
  );
}
