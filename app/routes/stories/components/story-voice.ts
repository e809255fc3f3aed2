/**
 * What the story form's voice tools need from the server: whether a saved recording is turned into text
 * (the recorder says honestly what will happen), and the book's language, in which dictation listens.
 */
export type StoryVoice = { transcribes: boolean; language: "en" | "vi" };
