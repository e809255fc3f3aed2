import type { Language, User } from "~db/schema";
import { aiProvider } from "~/ai/provider.server";
import { listStoryMedia } from "~/models/media.server";
import { getStoryInBook } from "~/models/story.server";
import { listQuestions } from "~/models/question.server";
import { getTopic, getTopicInBook } from "~/models/topic.server";
import { lenientNumbers, WORKSPACE_NUMBERS } from "~/lib/query-params";

/**
 * What the story's voice tools need: whether the server turns a recording into text (the recorder says what will
 * happen, docs/product.md §2), and the book's language, in which the browser's own dictation listens.
 */
function storyVoice(language: Language) {
  return { transcribes: aiProvider().name !== "offline", language };
}

/**
 * What the workspace's story editor shows, from the URL (docs/product.md §2 deep links): `storyId` edits a story,
 * `openEditor=story&topicId=…[&questionId=…]` starts one, and with neither the first topic opens in
 * story mode. A story needs a topic: without one the editor says so. A new story comes with its topic's
 * unanswered questions, an existing one with its media. `firstTopic` is the book's first topic, which the
 * workspace has already read.
 */
export async function storyEditorData(
  request: Request,
  user: User,
  book: { id: number; language: Language },
  firstTopic: { id: number; title: string } | null,
) {
  const bookId = book.id;
  const voice = storyVoice(book.language);
  const params = new URL(request.url).searchParams;
  if (params.get("dialog")) return null;
  const { storyId, topicId, questionId, deleteMedia } = lenientNumbers(params, WORKSPACE_NUMBERS);
  if (storyId) {
    const story = await getStoryInBook({ storyId, bookId, userId: user.id });
    if (!story) return null;
    const topic = (await getTopic({ topicId: story.topicId, userId: user.id }))!;
    const question = story.questionId
      ? (await listQuestions({ topicId: topic.id })).find((q) => q.id === story.questionId)
      : undefined;
    const media = await listStoryMedia({ storyId: story.id, userId: user.id });
    // The media files tab opens first when the URL asks for it (after an upload), or to confirm a deletion.
    const deleting = media.find((item) => item.id === deleteMedia) ?? null;
    const tab = params.get("tab") === "media" || deleting ? ("media" as const) : ("edit" as const);
    // The editor shows one text, the refined one when there is one (docs/product.md §4): only that leaves the server.
    const { content, refinedContent, ...rest } = story;
    const shown = { ...rest, text: refinedContent || content, refined: Boolean(refinedContent) };
    return {
      kind: "edit" as const,
      topic: { id: topic.id, title: topic.title },
      question: question?.question ?? null,
      story: shown,
      media,
      tab,
      deleting,
      voice,
    };
  }
  const editor = params.get("openEditor") ?? params.get("open");
  if (editor === "topic") return null;
  const explicit = editor === "story" || topicId !== undefined;
  const topic = topicId ? await getTopicInBook({ topicId, bookId, userId: user.id }) : null;
  const first = explicit ? null : firstTopic;
  const chosen = topic ? { id: topic.id, title: topic.title } : first ? { id: first.id, title: first.title } : null;
  if (!chosen) return explicit ? { kind: "no-topic" as const } : null;
  const questions = await listQuestions({ topicId: chosen.id });
  const question = questionId ? questions.find((q) => q.id === questionId) : undefined;
  return {
    kind: "new" as const,
    topic: chosen,
    question: question ? { id: question.id, text: question.question } : null,
    // The interview-questions tab offers the ones no story answers yet.
    openQuestions: questions.filter((q) => !q.answered).map((q) => ({ id: q.id, text: q.question })),
    voice,
  };
}

/** The topic editor the URL asks for: `openEditor=topic` (or `open=topic`), with `topicId` to edit one. */
export async function topicEditorData(request: Request, user: User, bookId: number) {
  const params = new URL(request.url).searchParams;
  const editor = params.get("openEditor") ?? params.get("open");
  if (editor !== "topic" || params.get("dialog")) return null;
  const { topicId } = lenientNumbers(params, WORKSPACE_NUMBERS);
  if (topicId === undefined) return { kind: "new" as const };
  const topic = await getTopicInBook({ topicId, bookId, userId: user.id });
  // A deleted topic, or one from another book: the editor says it cannot load it (docs/product.md §2).
  if (!topic) return { kind: "missing" as const };
  return {
    kind: "edit" as const,
    topic: {
      id: topic.id,
      title: topic.title,
      description: topic.description,
      preview: topic.preview ?? "",
      archived: topic.archived,
    },
    confirmDelete: params.get("confirmDelete") === "1",
    // The refine popover says what the built-in assistant can and cannot do with an instruction.
    offlineAi: aiProvider().name === "offline",
  };
}
