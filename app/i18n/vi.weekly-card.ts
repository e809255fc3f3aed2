import type { WeeklyCardTranslation } from "./types";

const viWeeklyCard = {
  weeklyTitle: "Câu hỏi hằng tuần",
  weeklyNone: "Chưa hẹn lịch gửi câu hỏi hằng tuần.",
  weeklyNext: "Câu hỏi tới: {{date}} lúc {{time}} ({{timeZone}})",
  weeklyPaused: "Đang tạm dừng",
  weeklyQuiet:
    "{{name}} chưa trả lời hai câu hỏi gần nhất. Câu hỏi vẫn được gửi đều; " +
    "một cuộc gọi hay lời hỏi thăm có thể giúp.",
  weeklyPausedByTeller: "{{name}} đã tạm dừng câu hỏi hằng tuần từ email",
  weeklyPause: "Tạm dừng",
  weeklyResume: "Tiếp tục",
  weeklyEmail: "Địa chỉ email (không bắt buộc)",
  weeklyEmailHint:
    "Có email, câu hỏi sẽ được gửi qua email. Nếu không, câu hỏi chờ sẵn ở Trang chủ để bạn tự gửi qua Zalo, " +
    "Messenger hoặc tin nhắn.",
  weeklyDays: "Gửi vào các ngày",
  weekdays: {
    sun: "Chủ Nhật",
    mon: "Thứ Hai",
    tue: "Thứ Ba",
    wed: "Thứ Tư",
    thu: "Thứ Năm",
    fri: "Thứ Sáu",
    sat: "Thứ Bảy",
  },
  weeklyTime: "Lúc",
  weeklyTimeZone: "Múi giờ",
  weeklySave: "Lưu",
  weeklyStop: "Ngừng gửi câu hỏi hằng tuần",
  askNext: "Hỏi câu này tiếp theo",
  askNextInOrder: "Theo thứ tự trong sách",
  askNextChoose: "Chọn",
  sendNow: "Gửi câu hỏi tuần này ngay",
  mailFailed: "Email gửi {{name}} không đến được: {{reason}}",
  mailNotSent: {
    paused: "Email cho {{name}} chưa được gửi: câu hỏi hằng tuần đang tạm dừng.",
    ended: "Email cho {{name}} chưa được gửi: đường liên kết đã hết hạn hoặc bị thu hồi.",
    questionGone: "Email cho {{name}} chưa được gửi: câu hỏi ấy đã bị xóa.",
    other: "Email cho {{name}} chưa được gửi.",
  },
} satisfies WeeklyCardTranslation;

export default viWeeklyCard;
