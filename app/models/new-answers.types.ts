// A type the server's new-answers model gives and the notice on Home and in the workspace shows: imported by both
// sides, so this module holds types only and imports no server code (tests/unit/layers.test.ts).

/** Answers a storyteller sent that the family has not completed yet, for one teller of one book. */
export type NewAnswers = {
  bookId: number;
  bookTitle: string;
  /** "" when the link was made without a name. */
  tellerName: string;
  count: number;
  /** The earliest of them, which the notice opens. */
  firstStoryId: number;
};
