/**
 * What the topic editor's AI popovers may do with the draft narrative's text area: read it, replace
 * its text (which the autosave then stores), make it read-only while a refinement runs, focus it.
 */
export type DraftAccess = {
  read: () => string;
  write: (value: string) => void;
  lock: (locked: boolean) => void;
  focus: () => void;
};

const JSON_HEADERS = { "Content-Type": "application/json" };

/**
 * docs/product.md §4's refinement: a temporary draft story in the topic with refineContent, whose refinedContent
 * is read, then the story is deleted. The server refines before it answers, so refinedContent is read
 * from the POST's response rather than after the spec's 1000 ms wait (ADR 0010). The temporary story
 * is deleted whatever happens after it was created.
 */
export async function refineThroughTemporaryStory(
  topicId: number,
  input: { title: string; text: string; instruction: string },
): Promise<string> {
  const response = await fetch(`/api/topics/${topicId}/stories`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({
      title: input.title,
      content: input.text,
      topicId,
      status: "draft",
      refineContent: true,
      additionalRefinementInfo: input.instruction,
    }),
  });
  if (!response.ok) throw new Error(`refine failed: ${response.status}`);
  const story = (await response.json()) as { id: number; refinedContent: string | null };
  try {
    if (!story.refinedContent?.trim()) throw new Error("no refined text");
    return story.refinedContent;
  } finally {
    // keepalive: the deletion still goes out if the page is left meanwhile.
    await fetch(`/api/stories/${story.id}`, { method: "DELETE", keepalive: true }).catch(() => undefined);
  }
}

/** POST /api/stories/suggest-improvements: the suggestions text, in the topic's book language. */
export async function fetchImprovementSuggestions(
  topicId: number,
  input: { content: string; topicTitle: string },
): Promise<string> {
  const response = await fetch("/api/stories/suggest-improvements", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ content: input.content, title: input.topicTitle, topicTitle: input.topicTitle, topicId }),
  });
  if (!response.ok) throw new Error(`suggest-improvements failed: ${response.status}`);
  const { suggestions } = (await response.json()) as { suggestions: string };
  return suggestions;
}
