import { useT } from "~/i18n/use-t";
import type { Locale } from "~/i18n/config";
import { Menu } from "../ui/menu";
import { LanguageForm, LogoutForm } from "./preference-forms";
import { BookLinks, NavLinks, type MenuBook } from "./nav-links";
import { Link } from "react-router";

/** What the header shows of the signed-in user. */
export type HeaderUser = { username: string; displayName: string | null; isAdmin: boolean };

/** The slide-out menu of narrow screens: the same links, the Save button and Logout. */
export function MobileMenu({
  user,
  books,
  locale,
  saveForm,
}: {
  user: HeaderUser;
  books: MenuBook[];
  locale: Locale;
  saveForm?: string;
}) {
  const t = useT();
  return (
    <Menu
      label={t("nav.openMenu")}
      summary={
        <span className="hamburger" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      }
      className="narrow-only mobile-menu"
      panelClassName="slide-out"
    >
      <nav aria-label={t("nav.main")}>
        <NavLinks isAdmin={user.isAdmin} />
      </nav>
      {saveForm ? (
        <button type="submit" form={saveForm} className="button button-primary">
          {t("nav.save")}
        </button>
      ) : null}
      <p className="menu-heading">{t("nav.books")}</p>
      <BookLinks books={books} />
      <p className="menu-heading">{t("preferences.language")}</p>
      <LanguageForm locale={locale} />
      <p className="menu-heading">{t("nav.myAccount")}</p>
      <Link className="menu-item" to="/profile">
        {t("nav.profile")}
      </Link>
      <LogoutForm className="button button-secondary" />
    </Menu>
  );
}
