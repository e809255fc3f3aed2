import type { Locale } from "~/i18n/config";
import type { ImprovementInput } from "./types";
import {
  COMPOUNDS,
  OTHERS,
  PEOPLE,
  PLACE_PREPOSITIONS,
  PLACES,
  SENSE_NAMES,
  SENSES,
  STOPWORDS,
  TIMES,
} from "./story-words";
import { IMPROVEMENT_TEXT, type ImprovementText } from "./offline-improvements-text";

/** Thresholds in words (English) and syllables (Vietnamese, written as separate words). */
const LIMITS: Record<Locale, { short: number; good: number; block: number; sentence: number }> = {
  en: { short: 50, good: 150, block: 150, sentence: 40 },
  vi: { short: 70, good: 200, block: 200, sentence: 55 },
};

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;
const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{M}\\p{N}])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{M}\\p{N}])";
const NAME = "\\p{Lu}[\\p{L}\\p{M}]*(?:\\s\\p{Lu}[\\p{L}\\p{M}]*)*";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** One pattern for a list of words and phrases, each matched as whole words, longest first. */
const anyOf = (words: string[]) =>
  [...new Set(words.map((w) => w.normalize("NFC")))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
const phrases = (words: string[]) => new RegExp(`${NOT_WORD_BEFORE}(?:${anyOf(words)})${NOT_WORD_AFTER}`, "giu");
/**
 * The same without the i flag (under which \p{Lu} would match any letter): only the first letter may be either case.
 */
const anyOfFirstEitherCase = (words: string[]) =>
  [...new Set(words.map((w) => w.normalize("NFC")))]
    .sort((a, b) => b.length - a.length)
    .map((w) => `[${escapeRegExp(w[0]!.toLowerCase())}${escapeRegExp(w[0]!.toUpperCase())}]${escapeRegExp(w.slice(1))}`)
    .join("|");

const COMPOUNDS_RE = phrases(COMPOUNDS);
const PEOPLE_RE = phrases(PEOPLE);
const OTHERS_RE = phrases(OTHERS);
const TIMES_RE = phrases(TIMES);
const PLACES_RE = phrases(PLACES);
const SENSE_RES = Object.entries(SENSES).map(
  ([sense, words]) => [sense as keyof typeof SENSES, phrases(words)] as const,
);
const YEAR_RE = /(?<!\p{N})(?:1[6-9]\d\d|20\d\d)(?:s)?(?!\p{N})/gu;
// A capitalised name after a kinship word ("uncle Tom", "bà Tư") or a place word ("in Hanoi", "ở Huế").
const NAMED_PERSON_RE = new RegExp(`${NOT_WORD_BEFORE}(?:${anyOfFirstEitherCase(PEOPLE)})\\s(${NAME})`, "gu");
const NAMED_PLACE_RE = new RegExp(
  `${NOT_WORD_BEFORE}(?:${anyOfFirstEitherCase(PLACE_PREPOSITIONS)})\\s(${NAME})`,
  "gu",
);
// "vào Chủ nhật", "at Christmas", "ở Bà ngoại": a time or a person, not a place.
const STARTS_TIME_OR_PERSON = new RegExp(`^(?:${anyOf([...TIMES, ...PEOPLE])})${NOT_WORD_AFTER}`, "iu");
const PEOPLE_WORDS = new Set(PEOPLE.flatMap((p) => p.split(" ")));

/** The distinct matches of a pattern, in order of appearance, as written (first spelling kept). */
function found(pattern: RegExp, text: string, group = 0): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(pattern)) {
    const value = match[group]!;
    if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  }
  return [...seen.values()];
}

const words = (text: string) => text.match(WORD) ?? [];
/**
 * What comes before a word that starts a sentence: nothing, a line break, or . ! ? … (and closing quotes) and a space.
 */
const SENTENCE_START = /(?:^|\n|[.!?…]["'”’»)\]]*\s+)["'“‘«(]*$/u;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’»)\]]*)\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/**
 * Content words used at least 4 times (and 1.5% of the text), not people or the title's words, and not
 * names: a word written with a capital in mid-sentence and never in lower case is taken for one.
 */
function repeatedWords(text: string, exclude: string[]): { word: string; count: number }[] {
  const skip = new Set(words(exclude.join(" ")).map((w) => w.toLowerCase()));
  const counts = new Map<string, { count: number; lower: boolean; midCapital: boolean }>();
  let total = 0;
  for (const match of text.matchAll(WORD)) {
    total += 1;
    const word = match[0];
    const key = word.toLowerCase();
    if (STOPWORDS.has(key) || PEOPLE_WORDS.has(key) || skip.has(key) || [...key].length < 3 || /\p{N}/u.test(key))
      continue;
    const entry = counts.get(key) ?? { count: 0, lower: false, midCapital: false };
    entry.count += 1;
    if (word === key) entry.lower = true;
    else if (!SENTENCE_START.test(text.slice(Math.max(0, match.index - 8), match.index))) entry.midCapital = true;
    counts.set(key, entry);
  }
  const threshold = Math.max(4, Math.ceil(total * 0.015));
  return [...counts]
    .filter(([, entry]) => entry.count >= threshold && (entry.lower || !entry.midCapital))
    .map(([word, entry]) => ({ word, count: entry.count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, 3);
}

export type StoryFindings = { suggestions: string[]; strengths: string[] };

/** The checks themselves: each suggestion and strength is something found in the text. */
export function checkStory(input: ImprovementInput): StoryFindings {
  const text = input.content.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  const say: ImprovementText = IMPROVEMENT_TEXT[input.language];
  const limits = LIMITS[input.language];
  const total = words(text).length;
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  const suggestions: string[] = [];
  const strengths: string[] = [];

  if (total < limits.short) suggestions.push(say.short(total));
  else if (total >= limits.good) strengths.push(say.goodLength(total));
  if (paragraphs.length === 1 && total > limits.block) suggestions.push(say.oneBlock(total));
  else if (paragraphs.length > 1 && paragraphs.every((p) => words(p).length <= limits.block))
    strengths.push(say.paragraphs(paragraphs.length));

  const repeated = repeatedWords(text, [input.title ?? "", input.topicTitle ?? ""]);
  if (repeated.length) suggestions.push(say.repeated(repeated));

  // Who, when, where and the senses are looked for without compounds like "chú ý" (attention).
  const plain = text.replace(COMPOUNDS_RE, " ");
  // "uncle Tom" rather than "uncle Tom, uncle".
  const named = found(NAMED_PERSON_RE, plain);
  const people = [
    ...named,
    ...found(PEOPLE_RE, plain).filter((w) => !named.some((n) => n.toLowerCase().startsWith(`${w.toLowerCase()} `))),
  ];
  if (people.length) strengths.push(say.who(people.slice(0, 4)));
  else if (found(OTHERS_RE, plain).length === 0) suggestions.push(say.noWho);

  const times = [...found(YEAR_RE, plain), ...found(TIMES_RE, plain)];
  if (times.length) strengths.push(say.when(times.slice(0, 4)));
  else suggestions.push(say.noWhen);

  const namedPlaces = [...plain.matchAll(NAMED_PLACE_RE)]
    .filter((match) => !STARTS_TIME_OR_PERSON.test(plain.slice(match.index + match[0].length - match[1]!.length)))
    .map((match) => match[1]!);
  const places = [...new Set(namedPlaces), ...found(PLACES_RE, plain)];
  if (places.length) strengths.push(say.where(places.slice(0, 4)));
  else suggestions.push(say.noWhere);

  const senses = SENSE_RES.filter(([, pattern]) => found(pattern, plain).length > 0).map(
    ([sense]) => SENSE_NAMES[input.language][sense],
  );
  if (senses.length >= 2) strengths.push(say.senses(senses));
  else if (senses.length === 0) suggestions.push(say.noSenses);

  const long = sentencesOf(text).filter((s) => words(s).length > limits.sentence);
  if (long.length) {
    const start = words(long[0]!).slice(0, 6).join(" ");
    suggestions.push(say.longSentences(long.length, words(long[0]!).length, start, limits.sentence));
  }
  return { suggestions, strengths };
}

/**
 * Improvement suggestions as text in the book's language, in the format every provider answers in
 * (ADR 0010): a heading, numbered suggestions, then "Strengths" / "Điểm mạnh" with numbered strengths.
 * A section with nothing in it is left out.
 */
export function suggestImprovementsOffline(input: ImprovementInput): string {
  const { suggestions, strengths } = checkStory(input);
  const say = IMPROVEMENT_TEXT[input.language];
  const section = (heading: string, items: string[]) =>
    items.length ? [heading, ...items.map((item, i) => `${i + 1}. ${item}`)].join("\n") : "";
  return [section(say.heading, suggestions), section(say.strengthsHeading, strengths)].filter(Boolean).join("\n\n");
}
