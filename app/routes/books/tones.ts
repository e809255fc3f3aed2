// The tone presets of docs/product.md §3; a book's tone may also be any text up to 128 characters.
export const TONE_PRESETS = ["casual", "formal", "humorous", "nostalgic", "inspirational", "poetic"] as const;
export type TonePreset = (typeof TONE_PRESETS)[number];

export function isTonePreset(value: string): value is TonePreset {
  return (TONE_PRESETS as readonly string[]).includes(value);
}
