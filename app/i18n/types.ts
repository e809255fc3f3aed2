import type en from "./en";

/** The shape of a translation: every key of en, each leaf any string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<typeof en>;

type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, as used with t("a.b"). */
export type MessageKey = Paths<typeof en>;
