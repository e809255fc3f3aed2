// The suggest-topics list and its rules (docs/product.md §4, §5), shared by the server and the dialog.

export type SuggestedTopic = { title: string; description: string; selected: boolean };

const TOPIC_DESCRIPTION_LIMIT = 200;

/**
 * Regenerate keeps the topics the user chose (selected) or started (still titled like a new topic),
 * drops those with a blank title or a description over 200 characters, and appends fresh
 * suggestions whose titles are not already kept.
 */
export function mergeRegenerated(
  current: SuggestedTopic[],
  fresh: { title: string; description: string }[],
  newTopicTitle: string,
): SuggestedTopic[] {
  const kept = current.filter(
    (topic) =>
      (topic.selected || topic.title.trim() === newTopicTitle) &&
      topic.title.trim() !== "" &&
      topic.description.length <= TOPIC_DESCRIPTION_LIMIT,
  );
  const titles = new Set(kept.map((topic) => topic.title.trim().toLowerCase()));
  const added = fresh
    .filter((topic) => !titles.has(topic.title.trim().toLowerCase()))
    .map((topic) => ({ title: topic.title, description: topic.description, selected: true }));
  return [...kept, ...added];
}

/** Moves one item up (-1) or down (+1); out-of-range moves change nothing. */
export function move<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The name of a row's field in the dialog's form (conform's notation): `topics[2].title`. */
export function suggestedTopicField(index: number, field: keyof SuggestedTopic): string {
  return `topics[${index}].${field}`;
}
