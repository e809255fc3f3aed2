// Types the server's question model gives and the pages' components show: imported by both sides, so this module
// holds types only and imports no server code (tests/unit/layers.test.ts).

/** An unanswered question of one of the user's books, one tap from its answer. */
export type SuggestedAction = {
  bookId: number;
  bookTitle: string;
  topicId: number;
  topicTitle: string;
  questionId: number;
  questionContent: string;
};
