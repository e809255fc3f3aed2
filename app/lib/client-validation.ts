import { parseSubmission } from "./submission";
import {
  bookSchema,
  createUserSchema,
  importFormSchema,
  loginSchema,
  mediaDescriptionSchema,
  photoDescriptionFormSchema,
  photoUploadFormSchema,
  profileSchema,
  questionSchema,
  shareFormSchema,
  storySchema,
  storytellerFormSchema,
  suggestedTopicsFormSchema,
  topicFormSchema,
  updateUserSchema,
} from "./validation";

// The forms' schemas for validating in the browser, as the server does. zod and its conform adapter are
// about 110 kB of gzip, more than the pages' budgets allow at first render (ADR 25): this module is loaded
// on its own once a page is idle, and until then the server validates alone.

const SCHEMAS = {
  login: loginSchema,
  profile: profileSchema,
  createUser: createUserSchema,
  updateUser: updateUserSchema,
  book: bookSchema,
  topic: topicFormSchema,
  story: storySchema,
  question: questionSchema,
  share: shareFormSchema,
  storyteller: storytellerFormSchema,
  import: importFormSchema,
  suggestTopics: suggestedTopicsFormSchema,
  photoUpload: photoUploadFormSchema,
  photoDescription: photoDescriptionFormSchema,
  recordingDescription: mediaDescriptionSchema,
};

export type ClientSchema = keyof typeof SCHEMAS;

export function validate(schema: ClientSchema, formData: FormData) {
  return parseSubmission(formData, SCHEMAS[schema]);
}
