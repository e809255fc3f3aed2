import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { wavBytes } from "../../tests/support/media-files";
import { newReplyText } from "../lib/reply-text";
import { sniffAudio, sniffImage } from "../lib/sniff";
import { readInboundMail } from "./inbound-mail.server";

const FIXTURES = path.resolve(import.meta.dirname, "..", "..", "tests", "fixtures", "mail");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const QUESTION_ID = "<heirloom.q12.7f3a9c2e@family.example>";
const EN_SUBJECT = "This week's question: What do you remember most about your childhood home?";
const VI_SUBJECT = "Câu hỏi tuần này: Bà nhớ gì nhất về ngôi nhà thời thơ ấu?";
const tell = (key: string) => `tell+${key}@reply.family.example`;

type Expected = { from: string; to: string[]; subject: string; text: string };

// Each client's real layout, and exactly what she wrote in it.
const REPLIES: Record<string, Expected> = {
  "gmail-en.eml": {
    from: "lan.nguyen1948@gmail.com",
    to: [tell("k3ygm41len7xqp2w"), "minh.tran@example.net"],
    subject: `Re: ${EN_SUBJECT}`,
    text:
      "Dear ones,\n\nThe house I remember most is the one in Huế, by the Perfume River. We had a starfruit tree in " +
      "the yard and a well that stayed cold all summer.\n\nYour grandfather built the gate himself, from the wood " +
      "of an old boat.",
  },
  "gmail-vi.eml": {
    from: "bala.hoian@gmail.com",
    to: [tell("k3ygm41lvi4rt8sd")],
    subject: `Re: ${VI_SUBJECT}`,
    text:
      "Con Minh thương,\n\nNgôi nhà bà nhớ nhất là căn nhà gỗ ở Hội An, ngay cạnh sông Hoài. Mùa lụt năm 1964 nước " +
      "lên tới bậc thềm thứ ba, cả nhà phải kê đồ lên gác.\n\nBà kể tiếp tuần sau nhé.",
  },
  "outlook-en.eml": {
    from: "lan.nguyen52@outlook.com",
    to: [tell("k3y0utl0oken5mza")],
    subject: `RE: ${EN_SUBJECT}`,
    text:
      "Hello Minh,\n\nMy childhood home was a shophouse on Hàng Bạc street in Hanoi. My father made silver rings in " +
      "the front room and we slept upstairs, above the workshop.\n\nLove,\nGrandma Lan",
  },
  "outlook-vi.eml": {
    from: "ba.tu.bentre@hotmail.com",
    to: [tell("k3y0utl0okvi8nhc")],
    subject: `RE: ${VI_SUBJECT}`,
    text:
      "Nhà bà hồi nhỏ ở Bến Tre, mái lá, vách tre. Trước nhà có hàng dừa ông cố trồng.\n\n" +
      "Bà còn nhớ tiếng mưa trên mái lá, nghe buồn mà ấm.",
  },
  "apple-en.eml": {
    from: "lan.nguyen@icloud.com",
    to: [tell("k3yapp1een3wvb9k")],
    subject: `Re: ${EN_SUBJECT}`,
    text:
      "We lived above my uncle’s bakery in Đà Lạt. Every morning the whole house smelled of bread.\n\n" +
      "I had a little window that looked out at the pine hills.",
  },
  "apple-vi.eml": {
    from: "ba.hoa.dongngac@icloud.com",
    to: [tell("k3yapp1evi6pls2d")],
    subject: `Re: ${VI_SUBJECT}`,
    text:
      "Nhà bà ở làng Đông Ngạc, có cái ao sen trước ngõ.\n\n" +
      "Hè nào bà cũng hái sen cho mẹ bà ướp trà. Thơm lắm con ạ.",
  },
  "yahoo-en.eml": {
    from: "lan_saigon1950@yahoo.com",
    to: [tell("k3yyah00en1cxz7f")],
    subject: `Re: ${EN_SUBJECT}`,
    text:
      "Our house in Saigon had a green door and a tiled floor that was cool under bare feet.\n\n" +
      "My mother kept orchids on the balcony, and the neighbours' children came to look at them.",
  },
  // Typed with a keyboard that sends decomposed letters: she gets them composed.
  "yahoo-vi.eml": {
    from: "bangoc.nhatrang@yahoo.com.vn",
    to: [tell("k3yyah00vi9gwe4u")],
    subject: `Re: ${VI_SUBJECT}`,
    text:
      "Hồi đó nhà bà ở Nha Trang, sát biển. Sáng nào bà cũng ra bãi nhặt vỏ sò với mấy đứa em.\n\n" +
      "Ông ngoại con hay nói: nhà mình nghèo mà có cả biển.",
  },
  "plain-only.eml": {
    from: "nguyenthilan.hn@vnn.vn",
    to: [tell("k3yp1a1nvi2bnm6q")],
    subject: `Re: ${VI_SUBJECT}`,
    text:
      "Con Minh ơi,\n\nNhà bà hồi nhỏ ở phố Hàng Đào, ba gian, có cái sân trong trồng cây hoa sữa. Tối tối cả nhà " +
      "ngồi ngoài sân hóng mát, ông cố kể chuyện đời xưa cho cả nhà nghe.\n\nBà",
  },
  "html-only.eml": {
    from: "ong.tam@webmail.example.vn",
    to: [tell("k3yhtm10nly5trw")],
    subject: `Re: ${VI_SUBJECT}`,
    text:
      "Thưa các cháu,\n\nNhà ông hồi nhỏ ở Quảng Ngãi, có cái cổng tre và cây me già & một cái giếng đá.\n\n" +
      "Ông còn giữ tấm hình chụp cái cổng đó.",
  },
  "bottom-posted.eml": {
    from: "lan.tran@posteo.de",
    to: [tell("k3yb0tt0men4hjd")],
    subject: `Re: ${EN_SUBJECT}`,
    text:
      "My childhood home was a farmhouse outside Đà Nẵng, with a kitchen garden my mother guarded from the " +
      "chickens.\n\nI will tell you about the chickens next week.",
  },
  "voice-and-photo.eml": {
    from: "bala.hoian@gmail.com",
    to: [tell("k3ym3d1avi7cfg3h")],
    subject: `Re: ${VI_SUBJECT}`,
    text: "Bà gửi con đoạn ghi âm bà kể về cái giếng, với tấm ảnh ngôi nhà cũ.\n\nCon nghe rồi nói bà biết nhé.",
  },
};

/** Gmail hard-wraps its plain part: its paragraphs are compared without their line breaks. */
const unwrapped = (text: string) => text.replace(/(?<!\n)\n(?!\n)/g, " ");

describe("readInboundMail on each client's real reply", () => {
  it.each(Object.entries(REPLIES))("%s: her new text, who sent it and to whom", async (name, expected) => {
    const mail = await readInboundMail(fixture(name));
    expect(mail).toMatchObject({ ...expected, inReplyTo: QUESTION_ID, autoSubmitted: false });
    expect(mail?.messageId).toMatch(/^<.+@.+>$/);
  });

  // The HTML part is the one read; its plain twin, alone, must give the same words, so that a client sending only
  // the plain part loses nothing and keeps no history.
  it.each(Object.entries(REPLIES).filter(([name]) => name !== "html-only.eml"))(
    "%s: the plain part alone gives the same words",
    async (name, expected) => {
      const parsed = await simpleParser(fixture(name), { skipHtmlToText: true });
      expect(unwrapped(newReplyText({ text: parsed.text }))).toBe(unwrapped(expected.text));
    },
  );

  it("keeps the voice memo and the photo, which pass the checks of their bytes", async () => {
    const mail = await readInboundMail(fixture("voice-and-photo.eml"));
    expect(mail?.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: "Ghi âm giếng nước.wav", contentType: "audio/wav" },
      { filename: "IMG_0412.JPG", contentType: "image/jpeg" },
    ]);
    expect(sniffAudio(mail!.attachments[0]!.content)).toBe("audio/wav");
    expect(sniffImage(mail!.attachments[1]!.content)).toBe("image/jpeg");
  });

  it("has no attachments where she attached nothing", async () => {
    for (const name of Object.keys(REPLIES).filter((name) => name !== "voice-and-photo.eml"))
      expect((await readInboundMail(fixture(name)))?.attachments).toEqual([]);
  });

  it("marks an out-of-office reply as automatic, and still reads it", async () => {
    expect(await readInboundMail(fixture("out-of-office.eml"))).toMatchObject({
      from: "bala.hoian@gmail.com",
      to: [tell("k3y0ut0ff1ce8kpz")],
      autoSubmitted: true,
      text: "Bà đi Đà Lạt thăm cô Ba đến hết ngày 10/11. Bà về sẽ trả lời các con.",
    });
  });
});

const message = (headers: string, body = "Bà kể rồi đó.") =>
  Buffer.from(`${headers.trim().split("\n").join("\r\n")}\r\n\r\n${body}\r\n`);
const simple = (extra = "") =>
  message(`From: Bà Lan <ba.lan@example.vn>\nTo: ${tell("k3yabc")}\nSubject: Re: câu hỏi\n${extra}`);

const nested = (depth: number) =>
  message(
    "From: ba.lan@example.vn\nContent-Type: multipart/mixed; boundary=x",
    "--x\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n".repeat(depth),
  );

describe("readInboundMail on other messages", () => {
  it.each([
    ["random bytes", fixture("not-mail.eml")],
    ["a recording sent as the body", Buffer.from(wavBytes(200))],
    ["text without headers", Buffer.from("Bà kể rồi đó.\r\nThương các con.\r\n")],
    ["headers without From", message(`To: ${tell("k3yabc")}\nSubject: hello`)],
    ["a From header and no body", Buffer.from(`From: ba.lan@example.vn\r\nTo: ${tell("k3yabc")}\r\n\r\n`)],
    ["nothing", Buffer.alloc(0)],
    // Past mailparser's limits, which it reports by failing the parse.
    ["parts nested past the parser's limit", nested(3000)],
    ["a header past the parser's limit", message(`From: ba.lan@example.vn\nX-Note: ${"a".repeat(3_000_000)}`)],
  ])("answers null for %s", async (_, raw) => {
    expect(await readInboundMail(raw)).toBeNull();
  });

  it.each([
    ["Auto-Submitted: auto-replied", true],
    ["Auto-Submitted: auto-generated; owner-email=ba.lan@example.vn", true],
    ["Auto-Submitted: No", false],
    ["Precedence: bulk", true],
    ["Precedence: auto_reply", true],
    ["Precedence: junk", true],
    ["Precedence: first-class", false],
    ["X-Autoreply: yes", true],
    ["X-Autorespond: Out of office", true],
    ["", false],
  ])("with %s it is automatic: %s", async (header, automatic) => {
    expect((await readInboundMail(simple(header)))?.autoSubmitted).toBe(automatic);
  });

  it("collects every recipient, lower-cased and once: To, Cc, groups, and the envelope's headers", async () => {
    const mail = await readInboundMail(
      message(
        [
          "Delivered-To: TELL+K3YABC@Reply.Family.Example",
          "Delivered-To: tell+k3ydelivered@reply.family.example",
          "X-Original-To: tell+k3yoriginal@reply.family.example",
          "Envelope-To: tell+k3yenvelope@reply.family.example",
          "From: =?UTF-8?Q?B=C3=A0_Lan?= <Ba.Lan@Example.VN>",
          "To: Heirloom <tell+k3yabc@reply.family.example>, family: Minh <Minh@Example.net>, an@example.net;",
          "Cc: co.ba@example.vn",
          "Cc: chu.tu@example.vn",
        ].join("\n"),
      ),
    );
    expect(mail?.from).toBe("ba.lan@example.vn");
    expect(mail?.to).toEqual([
      "tell+k3yabc@reply.family.example",
      "tell+k3ydelivered@reply.family.example",
      "tell+k3yoriginal@reply.family.example",
      "tell+k3yenvelope@reply.family.example",
      "minh@example.net",
      "an@example.net",
      "co.ba@example.vn",
      "chu.tu@example.vn",
    ]);
  });

  it("reads a From that names no address as null, and missing ids and subject as null and empty", async () => {
    expect(
      await readInboundMail(message(`From: undisclosed-recipients:;\nTo: ${tell("k3yabc")}`, "Bà kể rồi đó.")),
    ).toMatchObject({ from: null, subject: "", messageId: null, inReplyTo: null, text: "Bà kể rồi đó." });
  });
});
