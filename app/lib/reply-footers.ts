// What phones and mail apps add under her words: "Sent from my iPhone", "Sent from Yahoo Mail for iPhone",
// "Get Outlook for Android", "Sent from my Galaxy", and the same in Vietnamese ("Gửi từ iPhone của tôi", "Được gửi từ
// iPhone của tôi", "Gửi từ Yahoo Mail trên Android", "Tải Outlook cho Android"). Only a whole line at the end of what
// she wrote is taken for one, so a sentence of hers that mentions her iPhone stays.
const FOOTERS = [
  /^sent from my .{1,60}$/i,
  /^sent (from|with|via) (yahoo|outlook|mail|gmail|aol|samsung|proton|zalo)\b.{0,60}$/i,
  /^get outlook for (ios|android)$/i,
  /^(được |đã )?gửi từ (iphone|ipad|điện thoại|thiết bị|yahoo|outlook|thư|mail|gmail|samsung|galaxy)\b.{0,60}$/iu,
  /^tải outlook cho (ios|android)$/iu,
];
/** A link a client writes after its footer in the plain part: "Get Outlook for Android<https://aka.ms/…>". */
const TRAILING_LINK = /\s*<https?:[^>\s]*>\s*$/;

const isFooter = (line: string) => {
  const text = line.replace(TRAILING_LINK, "").trim();
  return FOOTERS.some((footer) => footer.test(text));
};

/** Her lines without the app footers and blank lines they end with. */
export function withoutFooters(lines: string[]): string[] {
  const kept = [...lines];
  while (kept.length && (!kept.at(-1)!.trim() || isFooter(kept.at(-1)!))) kept.pop();
  return kept;
}
