import type { Locale } from "~/i18n/config";

/**
 * The life themes the offline assistant knows: each with a bilingual title and description, and
 * keywords (lower-case, accents kept) that tie a book or topic to it.
 */
export type LifeTheme = {
  id: string;
  title: Record<Locale, string>;
  description: Record<Locale, string>;
  keywords: string[];
};

export const LIFE_THEMES: LifeTheme[] = [
  {
    id: "childhood",
    title: { en: "Childhood", vi: "Tuổi thơ" },
    description: {
      en: "The home, the games and the people of the early years.",
      vi: "Ngôi nhà, trò chơi và những người thân của những năm đầu đời.",
    },
    keywords: ["childhood", "child", "young", "kid", "tuổi thơ", "thơ ấu", "nhỏ", "trẻ con", "quê"],
  },
  {
    id: "parents",
    title: { en: "Parents and grandparents", vi: "Cha mẹ và ông bà" },
    description: {
      en: "Who they were, what they did and what they passed on.",
      vi: "Họ là ai, đã làm gì và đã truyền lại điều gì.",
    },
    keywords: [
      "parent",
      "mother",
      "father",
      "grandparent",
      "ancestor",
      "family",
      "cha",
      "mẹ",
      "bố",
      "ông",
      "bà",
      "tổ tiên",
      "gia đình",
    ],
  },
  {
    id: "siblings",
    title: { en: "Brothers and sisters", vi: "Anh chị em" },
    description: {
      en: "Growing up together, quarrels, loyalty and lasting bonds.",
      vi: "Cùng nhau lớn lên, những lần cãi vã, tình thân và sự gắn bó.",
    },
    keywords: ["sibling", "brother", "sister", "anh", "chị", "em"],
  },
  {
    id: "school",
    title: { en: "School days", vi: "Thời đi học" },
    description: {
      en: "Teachers, friends, lessons and the road to school.",
      vi: "Thầy cô, bạn bè, bài học và con đường đến trường.",
    },
    keywords: ["school", "teacher", "study", "student", "education", "trường", "học", "thầy", "cô giáo", "bạn học"],
  },
  {
    id: "hometown",
    title: { en: "Hometown", vi: "Quê hương" },
    description: {
      en: "The village or town, its sounds, seasons and neighbours.",
      vi: "Làng quê hay thị trấn, âm thanh, mùa màng và hàng xóm.",
    },
    keywords: ["hometown", "village", "town", "home", "quê", "làng", "xóm", "quê hương"],
  },
  {
    id: "youth",
    title: { en: "Youth and friendship", vi: "Tuổi trẻ và tình bạn" },
    description: {
      en: "Friends, dreams and adventures of the young years.",
      vi: "Bạn bè, ước mơ và những chuyến phiêu lưu thời trẻ.",
    },
    keywords: ["youth", "friend", "teenager", "dream", "tuổi trẻ", "bạn bè", "thanh niên", "ước mơ"],
  },
  {
    id: "love",
    title: { en: "First love and marriage", vi: "Mối tình đầu và hôn nhân" },
    description: {
      en: "How two lives met, the wedding and the years together.",
      vi: "Hai cuộc đời gặp nhau thế nào, đám cưới và những năm tháng bên nhau.",
    },
    keywords: [
      "love",
      "marriage",
      "wedding",
      "husband",
      "wife",
      "spouse",
      "tình yêu",
      "hôn nhân",
      "đám cưới",
      "vợ",
      "chồng",
    ],
  },
  {
    id: "work",
    title: { en: "Work and livelihood", vi: "Công việc và mưu sinh" },
    description: {
      en: "Jobs, crafts, colleagues and how the family was provided for.",
      vi: "Nghề nghiệp, tay nghề, đồng nghiệp và cách lo cho gia đình.",
    },
    keywords: [
      "work",
      "job",
      "career",
      "business",
      "farm",
      "craft",
      "công việc",
      "nghề",
      "làm ăn",
      "ruộng",
      "buôn bán",
    ],
  },
  {
    id: "war",
    title: { en: "War and hard times", vi: "Chiến tranh và những năm gian khó" },
    description: {
      en: "What was lived through, lost and survived in difficult years.",
      vi: "Những gì đã trải qua, mất mát và vượt qua trong những năm khó khăn.",
    },
    keywords: ["war", "hardship", "soldier", "army", "famine", "chiến tranh", "gian khó", "bộ đội", "lính", "đói"],
  },
  {
    id: "migration",
    title: { en: "Leaving and arriving", vi: "Ra đi và đặt chân đến" },
    description: {
      en: "Moves, migration, new countries and starting over.",
      vi: "Những lần chuyển đi, di cư, đất nước mới và làm lại từ đầu.",
    },
    keywords: [
      "migration",
      "immigrant",
      "move",
      "journey",
      "refugee",
      "abroad",
      "di cư",
      "vượt biên",
      "ra đi",
      "định cư",
      "nước ngoài",
    ],
  },
  {
    id: "traditions",
    title: { en: "Tết and family traditions", vi: "Tết và truyền thống gia đình" },
    description: {
      en: "Lunar New Year, anniversaries and the customs the family keeps.",
      vi: "Tết Nguyên Đán, ngày giỗ và những phong tục gia đình gìn giữ.",
    },
    keywords: ["tet", "tết", "tradition", "holiday", "festival", "custom", "giỗ", "truyền thống", "lễ", "phong tục"],
  },
  {
    id: "food",
    title: { en: "Food and the family kitchen", vi: "Món ăn và gian bếp gia đình" },
    description: {
      en: "Recipes, meals and the tastes that mean home.",
      vi: "Công thức, bữa cơm và những hương vị của nhà.",
    },
    keywords: ["food", "cook", "recipe", "kitchen", "meal", "món ăn", "nấu", "bếp", "bữa cơm", "công thức"],
  },
  {
    id: "faith",
    title: { en: "Faith and values", vi: "Niềm tin và giá trị sống" },
    description: {
      en: "Beliefs, the pagoda or church, and what guided a life.",
      vi: "Niềm tin, chùa chiền hay nhà thờ, và điều dẫn lối một đời người.",
    },
    keywords: [
      "faith",
      "religion",
      "belief",
      "values",
      "pagoda",
      "church",
      "niềm tin",
      "tôn giáo",
      "chùa",
      "nhà thờ",
      "đạo",
    ],
  },
  {
    id: "children",
    title: { en: "Raising children", vi: "Nuôi dạy con cái" },
    description: {
      en: "Births, worries, joys and the lessons of being a parent.",
      vi: "Những lần sinh nở, lo toan, niềm vui và bài học làm cha mẹ.",
    },
    keywords: [
      "children",
      "child",
      "son",
      "daughter",
      "parenting",
      "con",
      "con cái",
      "nuôi con",
      "con trai",
      "con gái",
    ],
  },
  {
    id: "grandchildren",
    title: { en: "Grandchildren", vi: "Các cháu" },
    description: {
      en: "The next generations and what to tell them.",
      vi: "Những thế hệ tiếp theo và những điều muốn nhắn gửi.",
    },
    keywords: ["grandchild", "grandson", "granddaughter", "cháu", "cháu nội", "cháu ngoại"],
  },
  {
    id: "home",
    title: { en: "The homes we lived in", vi: "Những ngôi nhà đã sống" },
    description: {
      en: "Houses, rooms and neighbourhoods across the years.",
      vi: "Những ngôi nhà, căn phòng và khu phố qua năm tháng.",
    },
    keywords: ["house", "home", "neighbourhood", "neighborhood", "nhà", "căn nhà", "khu phố"],
  },
  {
    id: "health",
    title: { en: "Health and resilience", vi: "Sức khỏe và nghị lực" },
    description: {
      en: "Illness, recovery and the strength found in hard moments.",
      vi: "Bệnh tật, hồi phục và sức mạnh tìm thấy trong lúc khó khăn.",
    },
    keywords: ["health", "illness", "hospital", "recovery", "sức khỏe", "bệnh", "ốm", "nghị lực"],
  },
  {
    id: "travel",
    title: { en: "Journeys and places", vi: "Những chuyến đi" },
    description: {
      en: "Trips, pilgrimages and places that left a mark.",
      vi: "Những chuyến du lịch, hành hương và nơi chốn để lại dấu ấn.",
    },
    keywords: ["travel", "trip", "journey", "place", "du lịch", "chuyến đi", "hành hương"],
  },
  {
    id: "hobbies",
    title: { en: "Pastimes and passions", vi: "Thú vui và đam mê" },
    description: {
      en: "Music, gardens, games and what filled free hours.",
      vi: "Âm nhạc, vườn tược, trò chơi và những điều lấp đầy thời gian rảnh.",
    },
    keywords: ["hobby", "music", "garden", "sport", "passion", "thú vui", "âm nhạc", "vườn", "thể thao", "đam mê"],
  },
  {
    id: "lessons",
    title: { en: "Lessons and wishes", vi: "Bài học và lời nhắn gửi" },
    description: {
      en: "What life taught, regrets, pride and wishes for the family.",
      vi: "Những điều cuộc đời dạy, tiếc nuối, tự hào và mong ước cho gia đình.",
    },
    keywords: ["lesson", "wisdom", "advice", "legacy", "wish", "bài học", "lời khuyên", "mong ước", "di sản"],
  },
];
