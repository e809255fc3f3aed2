import type { KeepsakesTranslation } from "./types";

const viKeepsakes = {
  preparingTitle: "Đang chuẩn bị cuốn sách…",
  preparingCounting: "Đang chuẩn bị cuốn sách… khoảng {{pages}} trang",
  preparingPage: "Đang chuẩn bị cuốn sách… trang {{page}} trên ~{{pages}}",
  preparingHint:
    "Sách dài cần vài phút. Bạn có thể rời trang này: sách vẫn tiếp tục được làm và sẽ sẵn sàng khi bạn quay lại.",
  refreshes: "Trang này tự kiểm tra lại sau vài giây.",
  readyTitle: "Cuốn sách đã sẵn sàng",
  download: "Tải cuốn sách",
  back: "Quay lại cuốn sách",
} satisfies KeepsakesTranslation;

export default viKeepsakes;
