import type { KeepsakesTranslation } from "./types";

const viKeepsakes = {
  preparingTitle: "Đang chuẩn bị cuốn sách…",
  preparingCounting: "Đang chuẩn bị cuốn sách… khoảng {{pages}} trang",
  preparingPage: "Đang chuẩn bị cuốn sách… trang {{page}} trên ~{{pages}}",
  preparingEbook: "Đang chuẩn bị sách điện tử… {{pages}} câu chuyện",
  preparingEbookStory: "Đang chuẩn bị sách điện tử… câu chuyện {{page}} trên {{pages}}",
  preparingHint:
    "Sách dài cần vài phút. Bạn có thể rời trang này: sách vẫn tiếp tục được làm và sẽ sẵn sàng khi bạn quay lại.",
  refreshes: "Trang này tự kiểm tra lại sau vài giây.",
  readyTitle: "Cuốn sách đã sẵn sàng",
  download: "Tải cuốn sách",
  back: "Quay lại cuốn sách",
  printShopTitle: "Để gửi nhà in",
  printShopIntro:
    "Một tệp zip để gửi nhà in (Lulu, Blurb, IngramSpark hay một nhà in gần bạn): các trang sách có thêm 3 mm lề " +
    "xén, bìa sách kèm gáy, và một ghi chú cho nhà in.",
  paperLabel: "Loại giấy",
  paperHint: "Loại giấy quyết định độ dày của gáy sách. Hãy hỏi nhà in họ dùng loại nào.",
  paperCream: "Giấy ngà",
  paperWhite: "Giấy trắng",
  backCode: "In mã ở bìa sau để mở đường dẫn gia đình của cuốn sách",
  backCodeNeedsLink: "Mã ở bìa sau cần một đường dẫn gia đình không bao giờ hết hạn.",
  preparePackage: "Chuẩn bị để gửi nhà in",
  softTitle: "Những ảnh có thể in bị mờ",
  softIntro: "Nhà in cần ảnh 200 ppi để in rõ nét. Trước khi in:",
  softPhoto:
    "Trang {{page}}: ảnh này sẽ in ở {{ppi}} ppi. Hãy thêm bản lớn hơn của ảnh vào câu chuyện, hoặc chọn khổ " +
    "sách nhỏ hơn.",
  softCover:
    "Bìa sách: ảnh bìa sẽ in ở {{ppi}} ppi. Heirloom lưu ảnh bìa ở cỡ xem trên màn hình: để bìa in rõ nét, " +
    "hãy gửi kèm ảnh gốc cho nhà in.",
  softPhotoAlt: "Ảnh ở trang {{page}}",
  ebookTitle: "Sách điện tử",
  ebookIntro:
    "Để đọc trên điện thoại, máy tính bảng và máy đọc sách (EPUB): mọi câu chuyện đã hoàn thành cùng ảnh, và mỗi " +
    "bản ghi âm nằm ngay bên câu chuyện, để vừa đọc vừa nghe được giọng kể.",
  prepareEbook: "Chuẩn bị sách điện tử",
} satisfies KeepsakesTranslation;

export default viKeepsakes;
