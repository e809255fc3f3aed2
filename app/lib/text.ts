/** Cuts text to at most `max` characters (whole code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max).join("").trimEnd()}…`;
}
