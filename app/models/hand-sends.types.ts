// A type the server's by-hand sends model gives and Home's card shows: imported by both sides, so this module holds
// types only and imports no server code (tests/unit/layers.test.ts).

/** A week's question prepared for the family to send by hand (issue 37), waiting on Home until they mark it sent. */
export type HandSend = {
  sendId: number;
  /** Her name on the link, "" when it was made without one. */
  name: string;
  bookTitle: string;
  /** The whole message to send: greeting, question and, when `url` is set, her door on the question at its end. */
  message: string;
  /** Her door on this question; null for a link made before weekly questions, whose address the server never kept. */
  url: string | null;
};
