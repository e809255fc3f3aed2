// HTML 4's Latin-1 entities name the code points 160 to 255 in order. Mail clients that escape more than `&<>"` write
// these (`&agrave;`, `&ecirc;`, `&ocirc;`: half of Vietnamese's base letters), so they are all known here.
const LATIN_1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute " +
  "micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig " +
  "Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash " +
  "Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave " +
  "eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute " +
  "ucirc uuml yacute thorn yuml";

const NAMED = new Map<string, number>(
  Object.entries({
    ...Object.fromEntries(LATIN_1.split(" ").map((name, i) => [name, 160 + i])),
    amp: 38,
    lt: 60,
    gt: 62,
    quot: 34,
    apos: 39,
    // The punctuation word processors put in: quotes, dashes, the ellipsis, bullets and spaces of other widths.
    lsquo: 0x2018,
    rsquo: 0x2019,
    sbquo: 0x201a,
    ldquo: 0x201c,
    rdquo: 0x201d,
    bdquo: 0x201e,
    ndash: 0x2013,
    mdash: 0x2014,
    hellip: 0x2026,
    bull: 0x2022,
    euro: 0x20ac,
    trade: 0x2122,
    ensp: 0x2002,
    emsp: 0x2003,
    thinsp: 0x2009,
    zwnj: 0x200c,
    zwj: 0x200d,
    lrm: 0x200e,
    rlm: 0x200f,
  }),
);

const ENTITY = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z][a-zA-Z\d]{1,7}));?/g;

/** Text with its character references decoded; an unknown name or a code point outside Unicode stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : NAMED.get(name!);
    if (code === undefined || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    // Numeric references to nothing (NUL) become the replacement character, as browsers do.
    return String.fromCodePoint(code === 0 ? 0xfffd : code);
  });
}
