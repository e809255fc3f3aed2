import type { StorytellerAddress } from "~db/storyteller-addresses";

/**
 * The kinship words a family writes before her name ("Bà Lan", "Chú Tư"), and how her page then addresses her.
 * "Ba" is the South's word for father: he is addressed as "bố", the one form the page has for a father.
 */
const KINSHIP = new Map<string, StorytellerAddress>([
  ["bà", "ba"],
  ["ông", "ong"],
  ["mẹ", "me"],
  ["bố", "bo"],
  ["ba", "bo"],
  ["cô", "co"],
  ["chú", "chu"],
  ["bác", "bac"],
  ["dì", "di"],
]);

/**
 * The form of address her name begins with, or null (docs/product.md §7). Only a whole first word counts, compared
 * with its marks: "Bà nội Lan" and "BÀ LAN" are bà, "Ba Minh" is bố, while "Bảo", "Ôngg" and "Cố Hai" say nothing.
 * NFC first, so that a name typed with combining marks (a phone's NFD) reads the same.
 */
export function addressFromName(name: string): StorytellerAddress | null {
  const first = /^\P{L}*(\p{L}[\p{L}\p{M}]*)/u.exec(name.normalize("NFC"))?.[1];
  return first ? (KINSHIP.get(first.toLocaleLowerCase("vi")) ?? null) : null;
}

/**
 * The dialog's first choice, "from the name": what a form posted without JavaScript leaves for the server to read
 * from her name, since only a script could pre-select while she types.
 */
export const ADDRESS_FROM_NAME = "auto";

/** The address a new link keeps: the one chosen, else the one her name begins with, else the plain "bạn". */
export function linkAddress(name: string, chosen: StorytellerAddress | undefined): StorytellerAddress {
  return chosen ?? addressFromName(name) ?? "ban";
}
