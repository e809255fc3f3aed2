/**
 * Word lists the offline improvement checks look for, English and Vietnamese together (a Vietnamese book
 * may quote English and the other way round). Lower case, accents kept; phrases match as whole words.
 */

/** People: family, friends and roles. */
export const PEOPLE = [
  "mother", "mom", "mum", "mama", "father", "dad", "papa", "parents", "grandmother", "grandfather", "grandma", "grandpa",
  "granny", "grandparents", "brother", "sister", "siblings", "aunt", "uncle", "cousin", "wife", "husband", "son", "daughter",
  "children", "child", "kids", "baby", "friend", "friends", "teacher", "neighbour", "neighbor", "neighbours", "neighbors",
  "family", "boss", "doctor", "nurse", "soldiers", "classmates", "grandson", "granddaughter", "nephew", "niece",
  "mẹ", "má", "bố", "cha", "tía", "ông", "bà", "anh", "chị", "em", "cô", "chú", "bác", "dì", "cậu", "mợ", "thím",
  "dượng", "vợ", "chồng", "cháu", "bạn", "thầy", "cô giáo", "hàng xóm", "gia đình", "bố mẹ", "cha mẹ", "ông bà",
  "anh em", "chị em", "ông nội", "bà nội", "ông ngoại", "bà ngoại", "đồng đội", "đồng nghiệp",
];

/** Pronouns for other people: someone is there, even if unnamed ("I" and "tôi" alone are not enough). */
export const OTHERS = ["he", "she", "they", "we", "him", "her", "them", "us", "họ", "chúng tôi", "chúng ta", "chúng mình", "mọi người"];

/**
 * Time: months, seasons, festivals, parts of the day, ages. Years are found by pattern. Vietnamese
 * syllables that mean something else too ("sáng" bright, "chiều" length, "hồi" in "hồi hộp") only count
 * in phrases; English words that are also verbs ("may", "fall") are left out.
 */
export const TIMES = [
  "january", "february", "april", "june", "july", "august", "september", "october", "november", "december",
  "spring", "summer", "autumn", "winter", "christmas", "new year", "tet", "tết", "birthday", "morning", "afternoon",
  "evening", "night", "yesterday", "years old", "ago", "childhood", "the war", "monday", "tuesday", "wednesday", "thursday",
  "friday", "saturday", "sunday", "weekend",
  "tháng", "mùa xuân", "mùa hạ", "mùa hè", "mùa thu", "mùa đông", "buổi sáng", "sáng sớm", "mỗi sáng", "buổi trưa", "buổi chiều",
  "chiều hôm", "buổi tối", "tối hôm", "đêm", "hồi đó", "hồi ấy", "hồi nhỏ", "hồi bé", "hồi xưa", "hồi còn", "ngày xưa", "ngày ấy",
  "ngày đó", "hôm ấy", "hôm đó", "năm ấy", "năm đó", "tuổi", "thời", "thuở", "sinh nhật", "giao thừa", "chủ nhật",
  "cuối tuần", "thứ hai", "thứ ba", "thứ tư", "thứ năm", "thứ sáu", "thứ bảy",
];

/** Places. Capitalised names after "in", "at", "ở", "tại"… are found by pattern. ("đường" is also sugar: left out.) */
export const PLACES = [
  "home", "house", "village", "town", "city", "country", "school", "church", "temple", "pagoda", "market", "river", "sea",
  "beach", "farm", "field", "fields", "street", "road", "kitchen", "garden", "yard", "hospital", "factory", "office", "shop",
  "station", "camp", "mountain", "island", "hometown", "room", "porch", "courtyard", "harbour", "harbor", "forest",
  "nhà", "làng", "quê", "xóm", "xã", "huyện", "tỉnh", "thành phố", "phố", "chợ", "trường", "chùa", "đình làng", "nhà thờ", "sông",
  "biển", "ruộng", "cánh đồng", "vườn", "sân", "bếp", "con đường", "ngõ", "hẻm", "núi", "đảo", "bệnh viện", "nhà máy",
  "nhà ga", "bến", "căn phòng", "hiên", "rừng", "quê hương",
];

/** Sensory words by sense. */
export const SENSES: Record<"sight" | "sound" | "smell" | "taste" | "touch", string[]> = {
  sight: [
    "saw", "see", "seen", "looked", "watched", "bright", "dark", "shining", "red", "blue", "green", "yellow", "white", "black",
    "golden", "colour", "color", "thấy", "nhìn", "màu", "đỏ", "xanh", "vàng", "trắng", "đen", "tím", "hồng", "lấp lánh", "rực rỡ",
  ],
  sound: [
    "heard", "hear", "sound", "noise", "voice", "sang", "song", "singing", "quiet", "silent", "loud", "laughter", "bell", "music",
    "nghe", "âm thanh", "hát", "ồn", "im lặng", "yên ắng", "văng vẳng", "tiếng cười", "tiếng hát", "tiếng chim", "tiếng mưa",
    "tiếng gà", "tiếng chuông", "tiếng động", "tiếng khóc", "tiếng ồn",
  ],
  smell: ["smell", "smelled", "smelt", "scent", "fragrant", "aroma", "perfume", "mùi", "thơm", "mùi hương", "hương thơm", "ngai ngái"],
  taste: [
    "taste", "tasted", "sweet", "salty", "bitter", "sour", "spicy", "delicious", "flavour", "flavor",
    "hương vị", "mùi vị", "ngọt", "mặn", "đắng", "chua", "cay", "ngon", "bùi",
  ],
  touch: [
    "felt", "touch", "touched", "warm", "cold", "soft", "rough", "hot", "wet", "smooth", "chilly",
    "ấm", "lạnh", "mềm", "nóng", "ướt", "chạm", "sờ", "thô ráp", "mát", "rét",
  ],
};

/** Words too common to count as repetition, in either language. People words are never counted either. */
export const STOPWORDS = new Set([
  "the", "and", "a", "an", "of", "to", "in", "on", "at", "for", "with", "was", "were", "is", "are", "be", "been", "had", "has",
  "have", "it", "its", "that", "this", "these", "those", "there", "then", "than", "they", "them", "their", "he", "him", "his",
  "she", "her", "we", "us", "our", "you", "your", "i", "me", "my", "not", "but", "or", "so", "as", "by", "from", "up", "down",
  "out", "into", "about", "all", "would", "could", "should", "when", "what", "which", "who", "where", "how", "one", "just",
  "also", "did", "do", "does", "after", "before", "over", "again", "some", "any", "more", "most", "every", "each", "only",
  "own", "same", "too", "can", "will", "no", "yes", "if", "because", "while", "until", "our", "off", "went", "still",
  "và", "là", "của", "có", "không", "những", "các", "một", "được", "đã", "đang", "sẽ", "thì", "mà", "cho", "với", "này", "đó",
  "kia", "ấy", "nào", "cũng", "lại", "ra", "vào", "lên", "xuống", "đến", "từ", "trong", "ngoài", "trên", "dưới", "khi",
  "lúc", "rồi", "nhưng", "nên", "vì", "để", "như", "hay", "hoặc", "còn", "chỉ", "nữa", "thế", "vậy", "gì", "ai", "đâu",
  "sao", "bao", "nhiều", "mỗi", "mọi", "tôi", "mình", "chúng", "họ", "người", "cái", "chiếc", "việc", "điều", "sự",
  "về", "đi", "ở", "tại", "bị", "thấy", "làm", "năm", "ngày",
]);

/** Words that introduce a place name: "in Hanoi", "ở Huế" ("to" and "from" also come before people). */
export const PLACE_PREPOSITIONS = ["in", "at", "near", "ở", "tại", "từ", "đến", "về", "ra", "vào"];

export const SENSE_NAMES: Record<"en" | "vi", Record<keyof typeof SENSES, string>> = {
  en: { sight: "sight", sound: "sound", smell: "smell", taste: "taste", touch: "touch" },
  vi: { sight: "hình ảnh", sound: "âm thanh", smell: "mùi hương", taste: "hương vị", touch: "cảm giác" },
};

/**
 * Vietnamese compounds whose syllables would otherwise be read as people, times or places ("chú ý" is
 * attention, not an uncle; "gia đình" is family, not a communal house): removed before those checks.
 */
export const COMPOUNDS = [
  "chú ý", "cô đơn", "xã hội", "tỉnh dậy", "tỉnh táo", "trường hợp", "môi trường", "thị trường", "thời tiết", "nhà nước",
  "đình chỉ",
];
