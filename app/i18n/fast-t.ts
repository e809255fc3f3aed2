import type { TFunction } from "i18next";

type Values = Record<string, unknown> & { count?: number };
type Tree = { [key: string]: string | Tree };

const pluralRules = new Map<string, Intl.PluralRules>();
const translators = new WeakMap<object, TFunction>();

/**
 * A translate function over one language's resources, for rendering. It does what this app's strings
 * use — nested keys, {{placeholders}} and _one/_other plurals with `count` — at a fraction of
 * i18next's per-call cost, which pages with many strings pay on every request.
 */
export function fastT(lng: string, resources: Tree, fallback?: Tree): TFunction {
  const cached = translators.get(resources);
  if (cached) return cached;
  const lookups = new Map<string, string | undefined>();
  const find = (key: string): string | undefined => {
    if (lookups.has(key)) return lookups.get(key);
    let found: string | undefined;
    for (const tree of fallback ? [resources, fallback] : [resources]) {
      let node: string | Tree | undefined = tree;
      for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
      if (typeof node === "string") {
        found = node;
        break;
      }
    }
    lookups.set(key, found);
    return found;
  };
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  const plural = rules;
  const t = (key: string, values?: Values) => {
    let text: string | undefined;
    if (values && typeof values.count === "number")
      text = find(`${key}_${plural.select(values.count)}`) ?? find(`${key}_other`);
    text ??= find(key) ?? key;
    if (!values || !text.includes("{{")) return text;
    // Like i18next, a placeholder without a value is left as written.
    return text.replace(/{{\s*(\w+)\s*}}/g, (match, name: string) =>
      values[name] === undefined ? match : String(values[name]),
    );
  };
  translators.set(resources, t as unknown as TFunction);
  return t as unknown as TFunction;
}
