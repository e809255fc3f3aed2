import { createContext } from "react";

type Tree = { [key: string]: string | Tree };

/**
 * What the components need of the page's i18n: its language and the strings loaded for it (useT translates
 * with fastT), and, for the root, adding a language's strings and switching to it. On the server the i18next
 * instance of the request's language (app/http/i18n-middleware.server.ts) is one; in the browser createPageI18n()
 * is, so that i18next itself (about 13 kB of gzip JavaScript) is not shipped to phones.
 */
export type PageI18n = {
  language: string;
  store: { data: Record<string, { translation?: unknown } | undefined> };
  addResourceBundle(lng: string, ns: "translation", resources: Tree, deep?: boolean, overwrite?: boolean): unknown;
  changeLanguage(lng: string): unknown;
};

/** Provided by entry.server.tsx and entry.client.tsx; read with useI18n(). */
export const I18nContext = createContext<PageI18n | null>(null);

/** The browser's PageI18n, holding the strings entry.client loaded for the page's language. */
export function createPageI18n(language: string, translation: Tree): PageI18n {
  const data: PageI18n["store"]["data"] = { [language]: { translation } };
  const i18n: PageI18n = {
    language,
    store: { data },
    // Deep adds groups to the strings already loaded (the admin's, ADR 39), as a new tree: fastT may have kept
    // lookups on the old one.
    addResourceBundle: (lng, _ns, resources, deep) => {
      const loaded = data[lng]?.translation as Tree | undefined;
      data[lng] = { translation: deep && loaded ? mergeTrees(loaded, resources) : resources };
    },
    changeLanguage: (lng) => {
      i18n.language = lng;
    },
  };
  return i18n;
}

function mergeTrees(into: Tree, from: Tree): Tree {
  const merged: Tree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const kept = merged[key];
    merged[key] = typeof value === "object" && typeof kept === "object" ? mergeTrees(kept, value) : value;
  }
  return merged;
}
