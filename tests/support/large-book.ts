import type { Client } from "./http";

/** A story text of exactly `chars` characters in paragraphs, Vietnamese letters included, that names its story. */
export function longText(chars: number, label: string): string {
  const paragraph =
    `${label}: bà kể rằng ngày xưa làng bên sông có bến đò, mỗi sáng chợ họp sớm và tiếng gọi đò vang khắp xóm. `
      .repeat(8)
      .trim();
  return `${paragraph}\n\n`.repeat(Math.ceil(chars / (paragraph.length + 2))).slice(0, chars);
}

/**
 * A book as large as a family can make it through the API: `stories` stories of `chars` characters in
 * one topic, whose saved draft narrative is as long as a topic's preview may be, made the way the
 * app makes them (POST a story, PUT the preview). Returns the ids.
 */
export async function largeBook(
  client: Client,
  { stories, chars, title = "A long life" }: { stories: number; chars: number; title?: string },
) {
  const book = (await (await client.json("POST", "/api/books", { title, language: "vi" })).json()) as { id: number };
  const topic = (await (
    await client.json("POST", `/api/books/${book.id}/topics`, { title: "Những năm tháng" })
  ).json()) as { id: number };
  const storyIds: number[] = [];
  for (let i = 0; i < stories; i++) {
    const response = await client.json("POST", `/api/topics/${topic.id}/stories`, {
      title: `Chuyện ${i + 1}`,
      content: longText(chars, `Chuyện ${i + 1}`),
      status: "published",
    });
    if (response.status !== 201) throw new Error(`story ${i + 1}: ${response.status} ${await response.text()}`);
    storyIds.push(((await response.json()) as { id: number }).id);
  }
  const preview = await client.json("PUT", `/api/topics/${topic.id}`, { preview: longText(200_000, "Bản thảo") });
  if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${await preview.text()}`);
  return { bookId: book.id, topicId: topic.id, storyIds };
}
