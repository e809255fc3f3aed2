import type { KeepsakeDocument } from "~/lib/keepsake-format";

const at = "2026-11-01T08:30:00.000Z";

/**
 * A small valid book.json: two topics, a question, a published story answering it with a photo and a recording, a
 * draft.
 */
export function sampleDocument(): KeepsakeDocument {
  return {
    format: "heirloom-book",
    version: 1,
    exportedAt: at,
    book: {
      title: "Bà nội",
      description: "Chuyện nhà",
      tone: "nostalgic",
      language: "vi",
      cover: { preset: "/covers/2.webp" },
      createdAt: at,
      updatedAt: at,
    },
    topics: [
      {
        title: "Quê nhà",
        description: "Làng ven sông",
        preview: null,
        archived: false,
        createdAt: at,
        updatedAt: at,
        questions: [{ key: "q1", question: "Bà lớn lên ở đâu?", createdAt: at }],
        stories: [
          {
            title: "Làng",
            content: "Ngày xưa…",
            refinedContent: null,
            status: "published",
            question: "q1",
            createdAt: at,
            updatedAt: at,
            media: [
              {
                file: "media/001-ben-song.webp",
                type: "image",
                mimeType: "image/webp",
                description: "Bến sông",
                transcription: null,
                filename: "IMG_1.jpg",
                createdAt: at,
              },
              {
                file: "media/002-giong-ba.webm",
                type: "audio",
                mimeType: "audio/webm",
                description: "",
                transcription: "Hồi đó…",
                filename: "rec.webm",
                createdAt: at,
              },
            ],
          },
          {
            title: "Chưa xong",
            content: "…",
            refinedContent: null,
            status: "draft",
            question: null,
            createdAt: at,
            updatedAt: at,
            media: [],
          },
        ],
      },
      {
        title: "Cũ",
        description: "",
        preview: "Bản thảo",
        archived: true,
        createdAt: at,
        updatedAt: at,
        questions: [],
        stories: [],
      },
    ],
  };
}
