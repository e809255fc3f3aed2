import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { fastT } from "./fast-t";

/** The page's i18next instance, as the I18nextProvider of entry.server / entry.client gives it. */
export function useI18n(): I18n {
  return (useContext(I18nContext) as { i18n: I18n }).i18n;
}

type Tree = Parameters<typeof fastT>[1];

/**
 * The translate function for components. It reads the page's i18next instance from context (not
 * useTranslation, which copies the whole instance on every first render, i.e. every component of
 * every server request) and translates with fastT. A language change reloads the page, so components
 * never need to re-render for one.
 */
export function useT(): TFunction {
  const i18n = useI18n();
  const lng = i18n.language;
  const data = i18n.store.data as Record<string, { translation?: Tree } | undefined>;
  const resources = data[lng]?.translation;
  if (!resources) return i18n.getFixedT(null, "translation") as TFunction;
  return fastT(lng, resources, lng === "en" ? undefined : data.en?.translation);
}
