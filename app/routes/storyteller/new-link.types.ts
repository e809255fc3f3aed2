// A link just made, as the services give it (app/routes/storyteller/storyteller-dialog.server.ts,
// new-link-page.server.ts) and
// the dialogs and the new link's page show it: imported by both sides, so this module holds types only and imports no
// server code (tests/unit/layers.test.ts).

/** A storyteller link just made, with what its card shows: drawn on the server, its words in the book's language. */
export type StorytellerCardData = {
  link: string;
  name: string;
  language: "en" | "vi";
  qr: { size: number; path: string };
  hello: string;
  steps: string[];
};

/** A link just made without JavaScript, on a page of its own: the family's link, or the storyteller's with her card. */
export type NewLinkPageData =
  | { kind: "share"; link: string; back: string }
  | { kind: "storyteller"; card: StorytellerCardData; back: string };
