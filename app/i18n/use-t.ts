import type { TFunction } from "i18next";
import { useContext } from "react";
import { fastT } from "./fast-t";
import { I18nContext, type PageI18n } from "./page-i18n";

/** The page's i18n (an i18next instance on the server, a small object in the browser: ./page-i18n.ts). */
export function useI18n(): PageI18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n: no I18nContext provider (entry.server.tsx, entry.client.tsx)");
  return i18n;
}

type Tree = Parameters<typeof fastT>[1];
const NO_STRINGS: Tree = {};

/**
 * The translate function for components. It reads the page's i18n from context (not react-i18next's
 * useTranslation, which copies the whole instance on every first render, i.e. every component of every
 * server request) and translates with fastT. A language change reloads the page, so components never need
 * to re-render for one.
 */
export function useT(): TFunction {
  const i18n = useI18n();
  const lng = i18n.language;
  const data = i18n.store.data as Record<string, { translation?: Tree } | undefined>;
  const fallback = lng === "en" ? undefined : data.en?.translation;
  return fastT(lng, data[lng]?.translation ?? NO_STRINGS, fallback);
}
