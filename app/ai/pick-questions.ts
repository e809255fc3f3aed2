import type { Locale } from "~/i18n/config";
import { QUESTION_BANK } from "./question-bank";
import { normalize, score } from "./theme-match";
import { LIFE_THEMES, type LifeTheme } from "./themes";

const DEFAULT_QUESTION_COUNT = 5;

export type PickQuestionsInput = {
  title: string;
  description?: string;
  language: Locale;
  /** Questions already asked: skipped when their text matches, trimmed and case-insensitive. */
  exclude?: string[];
  /** The most questions to return; 5 unless told. */
  count?: number;
};

/** Questions from several themes taken in turn: the first of each, then the second of each, and so on. */
function roundRobin(lists: string[][]): string[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const out: string[] = [];
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const question = list[i];
      if (question !== undefined) out.push(question);
    }
  }
  return out;
}

/**
 * Interview questions for a topic from the curated bank. A topic titled exactly like a life theme (in
 * either language) takes that theme's questions first; then come the themes its title and description
 * mention, the most mentioned first (themes tied on score take turns), then the general questions.
 * Already asked questions are skipped. Deterministic: the same topic always gets the same questions.
 */
export function pickQuestions({
  title,
  description = "",
  language,
  exclude = [],
  count = DEFAULT_QUESTION_COUNT,
}: PickQuestionsInput): string[] {
  const limit = Math.max(0, Math.floor(count));
  if (limit === 0) return [];

  const titleKey = normalize(title);
  const text = normalize(`${title} ${description}`);
  const winner = LIFE_THEMES.find(
    (theme) => normalize(theme.title.en) === titleKey || normalize(theme.title.vi) === titleKey,
  );

  // Groups of themes, best first: the title's own theme alone, then the others by falling score.
  const byScore = new Map<number, LifeTheme[]>();
  for (const theme of LIFE_THEMES) {
    if (theme === winner) continue;
    const points = score(theme, text);
    if (points === 0) continue;
    byScore.set(points, [...(byScore.get(points) ?? []), theme]);
  }
  const groups: LifeTheme[][] = [
    ...(winner ? [[winner]] : []),
    ...[...byScore.entries()].sort(([a], [b]) => b - a).map(([, themes]) => themes),
  ];

  const candidates = [
    ...groups.flatMap((themes) => roundRobin(themes.map((theme) => QUESTION_BANK[theme.id]?.[language] ?? []))),
    ...(QUESTION_BANK.general?.[language] ?? []),
  ];

  const seen = new Set(exclude.map(normalize));
  const picked: string[] = [];
  for (const question of candidates) {
    const key = normalize(question);
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(question);
    if (picked.length === limit) break;
  }
  return picked;
}
