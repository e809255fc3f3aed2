// Vietnamese filler for the long printed book (issue 38): sentences drawn from a few hundred real syllables, most of
// them with diacritics, with commas, numbers and dates among them, so that a story of 10,000 characters is text a
// layout has to shape and break, not one paragraph repeated. Deterministic: the caller gives the generator.

const SYLLABLES = [
  ...new Set(
    (
      "bà ông mẹ cha con cháu anh chị em cô chú bác dì cậu mợ thím dượng nội ngoại họ hàng tổ tiên gia đình " +
      "nhà cửa sông núi đồng ruộng lúa gạo cơm nước mưa nắng gió bão trời đất quê hương làng xóm chợ đường phố " +
      "trường học thầy trò bạn bè năm tháng ngày đêm sáng chiều tối mùa xuân hạ thu đông tết lễ hội chùa đình " +
      "miếu cây đa bến đò thuyền ghe xe đạp tàu hỏa ga nhớ kể nói hát cười khóc đi về đến ở làm ăn uống ngủ " +
      "thức chờ đợi thương yêu giận buồn vui mừng lo sợ nghèo khó giàu có vất vả chăm chỉ hiền lành tốt đẹp " +
      "xinh già trẻ nhỏ lớn cao thấp xa gần trước sau trên dưới trong ngoài giữa bên cạnh những các một hai ba " +
      "bốn sáu bảy tám chín mười trăm nghìn lần cái chiếc người ai gì đâu sao thế nào vậy rồi đã đang sẽ vẫn " +
      "còn cũng lại mới chỉ rất lắm quá hơn nhất được bị cho với của và hay nhưng mà thì là vì nên nếu khi lúc " +
      "từ bao giờ đó này kia ấy đây chúng tôi mình nó ta hồi xưa chiến tranh hòa bình bếp củi lửa khói nồi niêu " +
      "chén bát đũa mâm cỗ bánh chưng giò chả canh rau cá thịt gà vịt heo trâu bò vườn ao cau trầu áo dài nón " +
      "lá guốc khăn gánh gồng cấy gặt phơi xay giã thóc rơm rạ đê lũ lụt hạn hán thư tin tức ảnh chụp kỷ niệm " +
      "câu chuyện lời ru bài đàn sáo trống kèn múa chèo cải lương hàng xóm đám cưới đám giỗ mâm cơm bữa trưa " +
      "ngõ hẻm cổng tre lũy giếng nước gốc cây bờ tre ruộng muối biển sóng cát bãi thuyền chài lưới câu cá tôm " +
      "cua ốc hến rươi mắm muối tiêu ớt gừng tỏi hành sả chanh bưởi cam quýt xoài mít chuối dừa nhãn vải " +
      "sầu riêng măng tre nứa lạt mây giỏ rổ thúng mủng nia sàng chổi đèn dầu nến diêm hương khói bàn thờ " +
      "ảnh thờ câu đối bức tranh đồng hồ radio máy khâu xe máy tem phiếu sổ gạo hợp tác xã đội sản xuất " +
      "công điểm lên thành phố đi học xa nhà viết thư gửi về nhận được mừng rơi nước mắt chờ mong ngóng trông " +
      "hồi hộp bồi hồi xao xuyến thương nhớ da diết ngậm ngùi tự hào biết ơn dặn dò khuyên bảo dạy dỗ " +
      "nuôi nấng chăm sóc vun vén tằn tiện dành dụm sớm khuya tảo tần lam lũ đảm đang khéo léo"
    ).split(" "),
  ),
];

const PLACES = ["Huế", "Hà Nội", "Sài Gòn", "Đà Nẵng", "Cần Thơ", "Nha Trang", "Quảng Ngãi", "Nghệ An", "Bến Tre"];
const ENDINGS = [".", ".", ".", ".", "!", "?", "…"];

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** Something with a number in it: a year, an age, a time, a price, a distance. */
function numberPhrase(rng) {
  const n = 1 + Math.floor(rng() * 60);
  switch (Math.floor(rng() * 5)) {
    case 0:
      return `năm ${1930 + Math.floor(rng() * 75)}`;
    case 1:
      return `lúc ${n} tuổi`;
    case 2:
      return `${1 + Math.floor(rng() * 11)} giờ sáng`;
    case 3:
      return `${n * 1000} đồng`;
    default:
      return `${n} cây số`;
  }
}

/** One sentence of 6 to 24 syllables, a comma or two inside, now and then a place or a number. */
function sentence(rng) {
  const length = 6 + Math.floor(rng() * 19);
  const parts = [];
  for (let i = 0; i < length; i++) {
    const roll = rng();
    if (i > 2 && roll < 0.04) parts.push(pick(rng, PLACES));
    else if (i > 2 && roll < 0.07) parts.push(numberPhrase(rng));
    else parts.push(pick(rng, SYLLABLES));
    if (i > 2 && i < length - 2 && rng() < 0.08) parts[parts.length - 1] += ",";
  }
  const text = parts.join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}${pick(rng, ENDINGS)}`;
}

/** A story of at least `characters` characters: paragraphs of two to seven sentences, a blank line between. */
export function vietnameseStory(rng, characters) {
  const paragraphs = [];
  let length = 0;
  while (length < characters) {
    const count = 2 + Math.floor(rng() * 6);
    const paragraph = Array.from({ length: count }, () => sentence(rng)).join(" ");
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join("\n\n");
}

/** A title of `count` syllables, capitalised. */
export function vietnameseWords(rng, count) {
  const text = Array.from({ length: count }, () => pick(rng, SYLLABLES)).join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}
