import { useT } from "~/i18n/use-t";
import { Link } from "react-router";
import type { Locale } from "~/i18n/config";
import type { Theme } from "~/lib/preferences";
import { Menu } from "../ui/menu";
import { avatarInitial } from "./avatar-initial";
import { useHeaderHandle } from "./header-context";
import { type HeaderUser, MobileMenu } from "./mobile-menu";
import { BookLinks, NavLinks, type MenuBook } from "./nav-links";
import { LanguageForm, LogoutForm, ThemeForm } from "./preference-forms";

type Props = { user: HeaderUser; books: MenuBook[]; locale: Locale; theme: Theme };

export function SiteHeader({ user, books, locale, theme }: Props) {
  const t = useT();
  const { titleKey, saveForm } = useHeaderHandle();
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="logo">
          {t("app.name")}
        </Link>
        {titleKey ? (
          <span className="header-title">
            <span aria-hidden="true">/</span> {t(titleKey)}
          </span>
        ) : null}
        <nav aria-label={t("nav.main")} className="wide-only header-nav">
          <NavLinks isAdmin={user.isAdmin} />
        </nav>
        <div className="header-actions">
          <Menu
            label={t("preferences.languageMenu", { code: locale.toUpperCase() })}
            summary={<span aria-hidden="true">{locale.toUpperCase()}</span>}
            className="wide-only"
          >
            <LanguageForm locale={locale} />
          </Menu>
          {saveForm ? (
            <button type="submit" form={saveForm} className="button button-primary wide-only">
              {t("nav.save")}
            </button>
          ) : null}
          <Menu label={t("nav.books")} summary={t("nav.books")} className="wide-only">
            <BookLinks books={books} />
          </Menu>
          <Menu
            label={t("nav.account")}
            summary={
              <span className="avatar" aria-hidden="true">
                {avatarInitial(user)}
              </span>
            }
            panelClassName="menu-panel-end"
          >
            <p className="menu-heading">{t("nav.myAccount")}</p>
            <Link className="menu-item" to="/profile">
              {t("nav.profile")}
            </Link>
            <p className="menu-heading">{t("preferences.theme")}</p>
            <ThemeForm theme={theme} />
            <LogoutForm />
          </Menu>
          <MobileMenu user={user} books={books} locale={locale} saveForm={saveForm} />
        </div>
      </div>
    </header>
  );
}
