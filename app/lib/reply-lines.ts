/** A quoted line of the history, whatever the depth (`> `, `>> `, `> > `). */
const QUOTED = /^\s*>/;
const BLANK = /^\s*$/;
/** A line that only separates: Outlook's underscores, or a row of dashes. */
const SEPARATOR = /^\s*(_{8,}|-{8,}|—{4,})\s*$/;

// The attribution above a quote: "On Mon, Nov 3, 2026 at 9:00 AM Heirloom <tell+…> wrote:" (Gmail, Apple Mail,
// Yahoo, Thunderbird) or "Vào Th 2, 3 thg 11, 2026 vào lúc 09:00 Heirloom <tell+…> đã viết:". It must also hold a time
// or an address, so that her own sentence "On the day we left, my brother wrote:" is never taken for one.
const ATTRIBUTION_START = /^\s*(On|Vào)\s/;
const ATTRIBUTION_END = /(wrote|viết)\s*:\s*$/;
const ATTRIBUTION_HAS = /\d{1,2}[:.h]\d{2}|@/;
/** Gmail wraps its attribution at 78 characters, so "wrote:" (or "viết:") may be alone on the next line. */
const ATTRIBUTION_MAX = 400;

// Classic Outlook's plain-text divider, in English and in Vietnamese.
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(Original Message|Thư gốc|Tin nhắn gốc)\s*-{2,}\s*$/i;
// Outlook's header block above the message it appends: From/Sent/To/Subject, or Từ/Đã gửi/Đến/Chủ đề in Vietnamese
// (bold in HTML, sometimes `*From:*` in a plain part).
const HEADER_FROM = /^\s*\*?(From|Từ)\s*:/i;
const HEADER_DATE = /^\s*\*?(Sent|Date|Đã gửi|Ngày gửi|Ngày)\s*:/i;
const HEADER_SUBJECT = /^\s*\*?(Subject|Chủ đề|Tiêu đề)\s*:/i;
/** How many lines after "From:" the rest of the block may be (To and Cc come between). */
const HEADER_SPAN = 8;
/** The signature delimiter of RFC 3676 ("-- "), also without its space once a client trimmed it. */
const SIGNATURE = /^--\s*$/;

function attributionLines(lines: string[], i: number): number {
  const line = lines[i]!;
  if (!ATTRIBUTION_START.test(line)) return 0;
  const isAttribution = (text: string) =>
    text.length <= ATTRIBUTION_MAX && ATTRIBUTION_END.test(text) && ATTRIBUTION_HAS.test(text);
  if (isAttribution(line)) return 1;
  const next = lines[i + 1];
  return next && !BLANK.test(next) && isAttribution(`${line} ${next}`) ? 2 : 0;
}

function isHeaderBlock(lines: string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i]!)) return false;
  const next = lines.slice(i + 1, i + 1 + HEADER_SPAN);
  return next.some((line) => HEADER_DATE.test(line)) && next.some((line) => HEADER_SUBJECT.test(line));
}

/**
 * Her lines without the history: quoted lines (and the attribution above them) go wherever they are, so a reply
 * written below or between quotes keeps her text; an attribution with no quoted lines under it, Outlook's divider or
 * header block, and a signature end what she wrote, since only history or a signature follows them.
 */
export function withoutQuotedLines(text: string): string[] {
  const lines = text.split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (QUOTED.test(line)) continue;
    const attribution = attributionLines(lines, i);
    if (attribution) {
      let next = i + attribution;
      while (next < lines.length && BLANK.test(lines[next]!)) next++;
      if (next === lines.length || !QUOTED.test(lines[next]!)) break;
      i = next - 1;
      continue;
    }
    if (ORIGINAL_MESSAGE.test(line) || isHeaderBlock(lines, i) || SIGNATURE.test(line)) break;
    kept.push(line);
  }
  // The divider above what was cut goes with it.
  while (kept.length && (BLANK.test(kept.at(-1)!) || SEPARATOR.test(kept.at(-1)!))) kept.pop();
  return kept;
}
