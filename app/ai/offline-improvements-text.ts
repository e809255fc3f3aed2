import type { Locale } from "~/i18n/config";

/**
 * The offline improvement suggestions' sentences, in the book's language (not the interface's: the
 * suggestions are about the book's text, and may be appended to it). Evidence is quoted from the text.
 */
export type ImprovementText = {
  heading: string;
  strengthsHeading: string;
  short: (words: number) => string;
  oneBlock: (words: number) => string;
  repeated: (words: { word: string; count: number }[]) => string;
  noWho: string;
  noWhen: string;
  noWhere: string;
  noSenses: string;
  longSentences: (count: number, words: number, start: string, limit: number) => string;
  goodLength: (words: number) => string;
  paragraphs: (count: number) => string;
  who: (found: string[]) => string;
  when: (found: string[]) => string;
  where: (found: string[]) => string;
  senses: (found: string[]) => string;
};

const list = (items: string[]) => items.join(", ");

export const IMPROVEMENT_TEXT: Record<Locale, ImprovementText> = {
  en: {
    heading: "Suggestions for improvement",
    strengthsHeading: "Strengths",
    short: (n) =>
      `The story is short (${n} ${n === 1 ? "word" : "words"}). Tell more: ` +
      "what happened next, and what it meant to you or your family.",
    oneBlock: (n) =>
      `The text is one block of ${n} words. Break it into paragraphs, one for each moment or idea, ` +
      "so it is easier to read.",
    repeated: (words) =>
      words.length === 1
        ? `The word “${words[0]!.word}” comes up ${words[0]!.count} times. ` +
          "Where it fits, use another word or leave it out."
        : `Some words come up often: ${list(words.map((w) => `“${w.word}” (${w.count} times)`))}. ` +
          "Where it fits, use another word or leave one out.",
    noWho: "Say who was there: name the people in this story and how they are related to you.",
    noWhen: "Say when it happened: the year, the season, or how old you were.",
    noWhere: "Say where it happened: the town or village, the house, the room.",
    noSenses: "Add what you saw, heard, smelled, tasted or felt, so readers can picture the moment.",
    longSentences: (count, n, start, limit) =>
      count === 1
        ? `The sentence beginning “${start}…” has ${n} words. Split it into shorter sentences.`
        : `${count} sentences have more than ${limit} words, such as the one beginning “${start}…”. ` +
          "Split them into shorter sentences.",
    goodLength: (n) => `It has a good length (${n} words).`,
    paragraphs: (n) => `It is divided into ${n} paragraphs.`,
    who: (found) => `It names the people in it (${list(found)}).`,
    when: (found) => `It says when things happened (${list(found)}).`,
    where: (found) => `It says where things happened (${list(found)}).`,
    senses: (found) => `It has sensory detail (${list(found)}).`,
  },
  vi: {
    heading: "Gợi ý cải thiện",
    strengthsHeading: "Điểm mạnh",
    short: (n) =>
      `Câu chuyện còn ngắn (${n} chữ). Hãy kể thêm: chuyện gì xảy ra tiếp theo, ` +
      "và điều đó có ý nghĩa gì với bạn hoặc gia đình.",
    oneBlock: (n) =>
      `Bài viết là một khối liền ${n} chữ. Hãy chia thành nhiều đoạn, mỗi đoạn một khoảnh khắc hoặc một ý, ` +
      "để dễ đọc hơn.",
    repeated: (words) =>
      words.length === 1
        ? `Từ “${words[0]!.word}” lặp lại ${words[0]!.count} lần. Ở chỗ phù hợp, hãy thay bằng từ khác hoặc bỏ bớt.`
        : `Một số từ lặp lại nhiều lần: ${list(words.map((w) => `“${w.word}” (${w.count} lần)`))}. ` +
          "Ở chỗ phù hợp, hãy thay bằng từ khác hoặc bỏ bớt.",
    noWho: "Hãy cho biết những ai có mặt: gọi tên những người trong câu chuyện và mối quan hệ của họ với bạn.",
    noWhen: "Hãy cho biết chuyện xảy ra khi nào: năm nào, mùa nào, hoặc lúc đó bạn bao nhiêu tuổi.",
    noWhere: "Hãy cho biết chuyện xảy ra ở đâu: làng quê hay thành phố, ngôi nhà, căn phòng.",
    noSenses:
      "Hãy thêm những gì bạn đã thấy, nghe, ngửi, nếm hay cảm nhận, để người đọc hình dung được khoảnh khắc ấy.",
    longSentences: (count, n, start, limit) =>
      count === 1
        ? `Câu bắt đầu bằng “${start}…” dài ${n} chữ. Hãy tách thành những câu ngắn hơn.`
        : `Có ${count} câu dài hơn ${limit} chữ, chẳng hạn câu bắt đầu bằng “${start}…”. ` +
          "Hãy tách thành những câu ngắn hơn.",
    goodLength: (n) => `Độ dài tốt (${n} chữ).`,
    paragraphs: (n) => `Bài viết được chia thành ${n} đoạn.`,
    who: (found) => `Có nhắc đến những người trong câu chuyện (${list(found)}).`,
    when: (found) => `Có mốc thời gian (${list(found)}).`,
    where: (found) => `Có nói rõ nơi chốn (${list(found)}).`,
    senses: (found) => `Có chi tiết gợi giác quan (${list(found)}).`,
  },
};
