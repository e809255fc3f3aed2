import type en from "./en";
import type enAdmin from "./en.admin";
import type enBrowser from "./en.browser";
import type enKeepsakes from "./en.keepsakes";
import type enWeeklyCard from "./en.weekly-card";

/** The shape of a translation: every key of en, each leaf any string. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<typeof en>;
/** The strings every page's browser loads (en.browser.ts), and those only the server renders (en.server.ts). */
export type BrowserTranslation = Shape<typeof enBrowser>;
export type ServerTranslation = Shape<Omit<typeof en, keyof typeof enBrowser | "keepsakes">>;
/** The weekly card's strings (en.weekly-card.ts), which travel with the storyteller dialog's card. */
export type WeeklyCardTranslation = Shape<typeof enWeeklyCard>;
/** A keepsake's progress (en.keepsakes.ts), which travels with the download dialog. */
export type KeepsakesTranslation = Shape<typeof enKeepsakes>;
/** The admin's strings (en.admin.ts), which travel with the admin's pages. */
export type AdminTranslation = Shape<typeof enAdmin>;

type Paths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, as used with t("a.b"). */
export type MessageKey = Paths<typeof en>;
