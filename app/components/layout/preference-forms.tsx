import { useT } from "~/i18n/use-t";
import { useLocation } from "react-router";
import { SUPPORTED_LANGUAGES, type Locale } from "~/i18n/config";
import { THEMES, type Theme } from "~/lib/preferences";

function useReturnPath() {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * Language buttons: a plain form post (not the router's) that sets the `lng` cookie and reloads the page
 * in that language. Plain forms also cost less to render, and the header renders on every page.
 */
export function LanguageForm({ locale }: { locale: Locale }) {
  const t = useT();
  const returnTo = useReturnPath();
  return (
    <form method="post" action="/preferences/language" className="choice-list">
      <input type="hidden" name="redirectTo" value={returnTo} />
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          className={`menu-item${lng === locale ? " is-current" : ""}`}
          aria-current={lng === locale ? "true" : undefined}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </form>
  );
}

export function ThemeForm({ theme }: { theme: Theme }) {
  const t = useT();
  const returnTo = useReturnPath();
  const labels = {
    light: t("preferences.themeLight"),
    dark: t("preferences.themeDark"),
    system: t("preferences.themeSystem"),
  };
  return (
    <form method="post" action="/preferences/theme" className="choice-list" aria-label={t("preferences.theme")}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      {THEMES.map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          className={`menu-item${value === theme ? " is-current" : ""}`}
          aria-current={value === theme ? "true" : undefined}
        >
          {labels[value]}
        </button>
      ))}
    </form>
  );
}

export function LogoutForm({ className = "menu-item" }: { className?: string }) {
  const t = useT();
  // A full page load of /login afterwards, as the spec asks, so no signed-in state lingers in memory.
  return (
    <form method="post" action="/logout">
      <button type="submit" className={className}>
        {t("nav.logout")}
      </button>
    </form>
  );
}
