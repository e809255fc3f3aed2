import type { Book, Media } from "~db/schema";
import { untoldTranscripts } from "~/lib/text";
import { isPresetCover, fallbackCover, UPLOADED_COVER_PREFIX } from "~/lib/covers";
import {
  bookCoverImage,
  bookLanguage,
  publishedMedia,
  publishedPhoto,
  readBookContent,
} from "~/models/book-content.server";
import { bookIdForToken } from "~/models/share.server";
import type { SharedBook, SharedMedia, SharedPhotoPage } from "./shared-book.types";

/** The address of a shared book's media, through its token (never the owner's /api/media address). */
const sharedMediaUrl = (token: string, ref: number | "cover") => `/s/${token}/media/${ref}`;
/** The page of the shared book that shows one of its photos full size, with its caption and the way back. */
const sharedPhotoPageUrl = (token: string, mediaId: number) => `/s/${token}/photos/${mediaId}`;

function coverFor(book: Book, token: string): string {
  if (book.coverImage?.startsWith(UPLOADED_COVER_PREFIX)) return sharedMediaUrl(token, "cover");
  if (book.coverImage && isPresetCover(book.coverImage)) return book.coverImage;
  return fallbackCover(book.id);
}

const mediaView =
  (token: string) =>
  (item: Media): SharedMedia => ({
    id: item.id,
    type: item.type,
    description: item.description,
    url: sharedMediaUrl(token, item.id),
    page: item.type === "image" ? sharedPhotoPageUrl(token, item.id) : null,
    // Null until known: a photo kept before its size was, a recording whose container does not tell its length.
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
  });

/** A story's text, then the words of its recordings that the text does not hold yet, a paragraph apart. */
function withTranscripts(text: string, transcripts: (string | null)[]): string {
  return [text.trim(), ...untoldTranscripts(text, transcripts)].filter(Boolean).join("\n\n");
}

/**
 * What the shared reading page shows for a token: the book's published stories in book order, each with
 * its photos and recordings addressed through the token. Null for a wrong, expired or revoked token.
 * Nothing else of the book (drafts, archived topics, questions, previews, the owner) leaves the server.
 */
export async function sharedBook(token: string): Promise<SharedBook | null> {
  const bookId = await bookIdForToken(token);
  const content = bookId === null ? null : await readBookContent(bookId, { publishedOnly: true });
  if (!content) return null;
  const { book, topics } = content;
  return {
    book: { title: book.title, description: book.description, language: book.language, cover: coverFor(book, token) },
    topics: topics.map((topic) => ({
      id: topic.id,
      title: topic.title,
      description: topic.description,
      stories: topic.stories.map((story) => ({
        id: story.id,
        title: story.title,
        text: withTranscripts(
          story.refinedContent || story.content,
          story.media.map((item) => item.transcription),
        ),
        media: story.media.map(mediaView(token)),
      })),
    })),
  };
}

/**
 * The media a token may open: a photo or recording of a published story in a topic that is not
 * archived, in the token's book; or the book's uploaded cover. Null for anything else.
 */
export async function sharedMediaFor(
  token: string,
  ref: string,
): Promise<{ kind: "media"; media: Media } | { kind: "cover"; coverImage: string } | null> {
  const bookId = await bookIdForToken(token);
  if (bookId === null) return null;
  if (ref === "cover") {
    const coverImage = await bookCoverImage(bookId);
    return coverImage?.startsWith(UPLOADED_COVER_PREFIX) ? { kind: "cover", coverImage } : null;
  }
  const media = /^\d{1,15}$/.test(ref) ? await publishedMedia({ mediaId: Number(ref), bookId }) : null;
  return media ? { kind: "media", media } : null;
}

/**
 * One photo of a shared book, for its own page: the photo as the reading page has it, the story it belongs to
 * (and the address of its place on the reading page), and the book's title. `page` is null for anything that is
 * not a photo of a published story of that book, which then says so in the book's language. Null altogether for
 * a wrong, expired or revoked token.
 */
export async function sharedPhoto(token: string, ref: string) {
  const bookId = await bookIdForToken(token);
  const language = bookId === null ? null : await bookLanguage(bookId);
  if (bookId === null || language === null) return null;
  const found = /^\d{1,15}$/.test(ref) ? await publishedPhoto({ mediaId: Number(ref), bookId }) : null;
  const page: SharedPhotoPage | null = found && {
    book: { title: found.book.title },
    story: { title: found.story.title, href: `/s/${token}#story-${found.story.id}` },
    photo: mediaView(token)(found.media),
  };
  return { book: { language }, page };
}
