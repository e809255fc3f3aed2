import { describe, expect, it } from "vitest";
import { newReplyText } from "./reply-text";

// The question email a storyteller answers, as the clients quote it.
const QUESTION = "Thưa bà, tuần này con muốn nghe bà kể…\nBà nhớ gì nhất về ngôi nhà thời thơ ấu?";
const quoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
const plain = (text: string) => newReplyText({ text });
const html = (markup: string) => newReplyText({ html: markup });

describe("a plain-text reply: quoted lines and their attribution go", () => {
  it("drops the > lines and the one-line attribution above them", () => {
    const attribution = "On Tue, Nov 3, 2026 at 9:00 AM Heirloom <tell+k3y@reply.family.example> wrote:";
    const reply = `Nhà bà có giàn mướp.\n\n${attribution}\n\n${quoted(QUESTION)}\n`;
    expect(plain(reply)).toBe("Nhà bà có giàn mướp.");
  });

  it("drops an attribution Gmail wrapped, with 'wrote:' alone on the next line", () => {
    const attribution = "On Tue, Nov 3, 2026 at 9:00 AM Heirloom <tell+k3y@reply.family.example>\nwrote:";
    const reply = `Nhà bà có giàn mướp.\n\n${attribution}\n\n${quoted(QUESTION)}`;
    expect(plain(reply)).toBe("Nhà bà có giàn mướp.");
  });

  it.each([
    ["on one line", "Vào Th 2, 3 thg 11, 2026 vào lúc 09:00 Heirloom <tell+abc@reply.example> đã viết:"],
    ["wrapped inside 'đã viết:'", "Vào Th 2, 3 thg 11, 2026 vào lúc 09:00 Heirloom <tell+abc@reply.example> đã\nviết:"],
  ])("drops Gmail's Vietnamese attribution %s", (_, attribution) => {
    expect(plain(`Nhà bà có giàn mướp.\n\n${attribution}\n\n${quoted(QUESTION)}`)).toBe("Nhà bà có giàn mướp.");
  });

  it("cuts at an attribution with the message under it unquoted (Yahoo's plain part)", () => {
    const attribution =
      "On Tuesday, November 3, 2026, 09:00:00 AM GMT+7, Heirloom <tell+k3y@reply.family.example> wrote:";
    const reply = `Bà nhớ cái sân gạch.\n\n${attribution}\n\n${QUESTION}`;
    expect(plain(reply)).toBe("Bà nhớ cái sân gạch.");
  });

  it("keeps her text written below the quote (bottom-posting) and between quotes", () => {
    const reply =
      "On 03/11/2026 09:00, Heirloom wrote:\n> Thưa bà, tuần này con muốn nghe bà kể…\n\n" +
      "Nhà ở Huế.\n> Bà nhớ gì nhất?\nCái giếng.";
    expect(plain(reply)).toBe("Nhà ở Huế.\nCái giếng.");
  });

  it("keeps her lines that only mention writing, and one like an attribution but without a time or address", () => {
    const reply =
      "On Sundays my father wrote letters to his mother.\nOn the day we left, my brother wrote:\nWe will be back.";
    expect(plain(reply)).toBe(reply);
  });
});

describe("a plain-text reply: Outlook's appended message, signatures and phone footers go", () => {
  it.each([
    ["English", "From: Heirloom <tell+k3y@reply.family.example>\nSent: Tuesday, November 3, 2026 9:00 AM"],
    ["Vietnamese", "Từ: Heirloom <tell+k3y@reply.family.example>\nĐã gửi: Thứ Ba, 3 tháng 11, 2026 09:00"],
  ])("cuts at the %s header block and the underscores above it", (_, header) => {
    const to = header.startsWith("From") ? "To: Bà Lan\nSubject: Re: Câu hỏi" : "Đến: Bà Lan\nChủ đề: Re: Câu hỏi";
    const reply = `Ngày xưa nhà bà ở gần chợ.\n\n${"_".repeat(32)}\n${header}\n${to}\n\n${QUESTION}`;
    expect(plain(reply)).toBe("Ngày xưa nhà bà ở gần chợ.");
  });

  it("keeps a line of hers that starts with From: when no header block follows", () => {
    expect(plain("From: your grandmother, with love.\nSent to all of you.")).toBe(
      "From: your grandmother, with love.\nSent to all of you.",
    );
  });

  it("cuts at classic Outlook's -----Original Message-----", () => {
    expect(plain(`Bà kể rồi đó.\n\n-----Original Message-----\nFrom: Heirloom\n\n${QUESTION}`)).toBe("Bà kể rồi đó.");
  });

  it("cuts at the signature delimiter", () => {
    expect(plain("Bà kể rồi đó.\n\n-- \nNguyễn Thị Lan\n0903 123 456")).toBe("Bà kể rồi đó.");
  });

  it.each([
    "Sent from my iPhone",
    "Sent from my Galaxy",
    "Sent from Yahoo Mail for iPhone",
    "Sent from Yahoo Mail on Android",
    "Get Outlook for Android<https://aka.ms/AAb9ysg>",
    "Get Outlook for iOS",
    "Gửi từ iPhone của tôi",
    "Được gửi từ iPhone của tôi",
    "Gửi từ Yahoo Mail trên Android",
    "Tải Outlook cho Android",
  ])("drops the footer %s at the end of her words", (footer) => {
    expect(plain(`Bà kể rồi đó.\n\n${footer}\n\n${quoted(QUESTION)}`)).toBe("Bà kể rồi đó.");
  });

  it("keeps a sentence of hers about her phone", () => {
    expect(plain("Sent from my iPhone, the one you gave me.\nGửi từ Huế.")).toBe(
      "Sent from my iPhone, the one you gave me.\nGửi từ Huế.",
    );
  });
});

describe("tidying her text", () => {
  it("composes decomposed Vietnamese (NFC)", () => {
    const decomposed = "Ba\u0300 nho\u031b\u0301 ca\u0301i gie\u0302\u0301ng.";
    expect(plain(decomposed)).toBe("Bà nhớ cái giếng.");
    expect(plain(decomposed)).toBe(plain(decomposed).normalize("NFC"));
  });

  it("keeps one blank line between paragraphs and single spaces, without trailing or invisible ones", () => {
    expect(plain("\r\n  Đoạn\u00a0một   dòng một  \r\ndòng hai\r\n\r\n\r\n\r\nĐoạn\u200b hai\t\r\n\r\n")).toBe(
      "Đoạn một dòng một\ndòng hai\n\nĐoạn hai",
    );
  });
});

describe("an HTML reply: quotes go by their elements", () => {
  const gmailQuote = (attribution: string) =>
    `<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${attribution}<br></div>` +
    `<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">${QUESTION}</blockquote></div>`;

  it("drops Gmail's quote container, attribution included, whatever its language", () => {
    const quote = gmailQuote("Le mar. 3 nov. 2026, Heirloom a écrit :");
    const reply = `<div dir="ltr">Nhà bà có giàn mướp.</div><br>${quote}`;
    expect(html(reply)).toBe("Nhà bà có giàn mướp.");
  });

  it("keeps her text written below Gmail's quote", () => {
    const attribution = "On Tue, Nov 3, 2026 at 9:00 AM Heirloom &lt;tell+k3y@reply.family.example&gt; wrote:";
    expect(html(`${gmailQuote(attribution)}<div dir="ltr">Nhà bà có giàn mướp.</div>`)).toBe("Nhà bà có giàn mướp.");
  });

  it("drops Apple Mail's blockquotes (the attribution sits in one of its own)", () => {
    const reply =
      '<html><body dir="auto">Bà nhớ cái giếng.<br><div dir="ltr"><br><blockquote type="cite">' +
      "On 3 Nov 2026, at 09:00, Heirloom &lt;tell+k3y@reply.family.example&gt; wrote:<br><br></blockquote></div>" +
      `<blockquote type="cite"><div dir="ltr">${QUESTION}</div></blockquote></body></html>`;
    expect(html(reply)).toBe("Bà nhớ cái giếng.");
  });

  it("drops Yahoo's quoted container, which holds no blockquote, whatever its attribution's language", () => {
    const reply =
      '<div class="ydp1 yahoo-style-wrap"><div dir="ltr">Bà nhớ cái sân gạch.</div></div>' +
      '<div id="yahoo_quoted_123" class="yahoo_quoted"><div>Am Dienstag, 3. November 2026 schrieb Heirloom:</div>' +
      `<div><div>${QUESTION}</div></div></div>`;
    expect(html(reply)).toBe("Bà nhớ cái sân gạch.");
  });

  it("drops everything from Outlook's divRplyFwdMsg, whatever the language of its header block", () => {
    const reply =
      '<div class="elementToProof">Bà kể rồi đó.</div><hr style="display:inline-block;width:98%">' +
      '<div id="divRplyFwdMsg" dir="ltr"><b>Von:</b> Heirloom<br><b>Gesendet:</b> Dienstag<br><b>Betreff:</b> Frage' +
      `</div><div>${QUESTION}</div>`;
    expect(html(reply)).toBe("Bà kể rồi đó.");
  });

  it("cuts at Outlook's Vietnamese header block after a rule, with no element to tell it", () => {
    const reply =
      '<p class="MsoNormal">Bà kể rồi đó.</p><p class="MsoNormal">Thương các con.</p><hr>' +
      '<p class="MsoNormal"><b>Từ:</b> Heirloom &lt;tell+k3y@reply.family.example&gt;<br><b>Đã gửi:</b> Thứ Ba' +
      `<br><b>Đến:</b> Bà Lan<br><b>Chủ đề:</b> Câu hỏi tuần này</p><p>${QUESTION}</p>`;
    // Outlook's MsoNormal paragraphs have no margins: they are lines.
    expect(html(reply)).toBe("Bà kể rồi đó.\nThương các con.");
  });

  it("keeps her text written below Thunderbird's quote, its attribution (which has a time) dropped", () => {
    const reply =
      '<div class="moz-cite-prefix">On 03/11/2026 09:00, Heirloom wrote:<br></div>' +
      `<blockquote type="cite">${QUESTION}</blockquote><p>Nhà ở Huế, gần sông.</p>`;
    expect(html(reply)).toBe("Nhà ở Huế, gần sông.");
  });

  it("drops a Gmail signature set without its '-- ' line", () => {
    const reply = '<div dir="ltr">Bà kể rồi đó.<div><br></div><div class="gmail_signature">Nguyễn Thị Lan</div></div>';
    expect(html(reply)).toBe("Bà kể rồi đó.");
  });
});

describe("an HTML reply becomes plain text", () => {
  it("puts blocks on lines and paragraphs apart, decodes entities, and keeps no markup", () => {
    const reply =
      "<html><head><title>Re</title><style>p { color: red }</style></head><body><!--[if mso]><b>x</b><![endif]-->" +
      "<p>Nh&agrave; b&agrave; &#7903; g&#x1EA7;n\n  ch&#x1ee3;&nbsp;&amp; s&ocirc;ng.</p>" +
      "<div>Dòng một<br>dòng hai</div><div><br></div><div>1 &lt; 2 &amp;&amp; 3 > 2, AT&T &unknown;</div>" +
      '<script>alert("x")</script><ul><li>Cây khế</li><li>Cái giếng</li></ul><p>Thương,<br>Bà</p></body></html>';
    expect(html(reply)).toBe(
      "Nhà bà ở gần chợ & sông.\n\nDòng một\ndòng hai\n\n1 < 2 && 3 > 2, AT&T &unknown;\n\nCây khế\nCái giếng\n\n" +
        "Thương,\nBà",
    );
  });

  it("keeps Outlook's empty line, a paragraph holding only a no-break space, as a blank line", () => {
    const reply =
      '<p class="MsoNormal">Thưa con,</p><p class="MsoNormal"><o:p>&nbsp;</o:p></p><p class="MsoNormal">Bà</p>';
    expect(html(reply)).toBe("Thưa con,\n\nBà");
  });

  it("reads pretty-printed markup: the spaces between blocks make no lines", () => {
    expect(html("<body>\n  <div>Dòng một</div>\n  <div>dòng hai</div>\n  <p>Đoạn hai</p>\n</body>")).toBe(
      "Dòng một\ndòng hai\n\nĐoạn hai",
    );
  });

  it("reads sloppy markup: unclosed tags, a stray closing tag, a < that starts no tag", () => {
    expect(html("<div><p>Một<p>Hai</span></div>a < b > c, d <e or f<")).toBe("Một\n\nHai\n\na < b > c, d <e or f<");
    expect(html("<div>Của bà.</div><blockquote>Câu hỏi</span> vẫn là câu hỏi</blockquote>")).toBe("Của bà.");
  });

  it("reads the HTML part rather than the plain one, and the plain one when the HTML has no text", () => {
    expect(newReplyText({ text: "from the plain part", html: "<p>from the HTML part</p>" })).toBe("from the HTML part");
    expect(newReplyText({ text: "from the plain part", html: '<img src="cid:logo">' })).toBe("from the plain part");
    expect(newReplyText({})).toBe("");
  });

  it("is empty for a reply that is all quote, though its plain attribution is in a language it does not know", () => {
    // A voice memo sent from Gmail in French, without a word: nothing of the history may become her story.
    const attribution = "Le mar. 3 nov. 2026 à 09:00, Heirloom <tell+k3y@reply.family.example> a écrit :";
    const gmail =
      `<div dir="ltr"><br></div><div class="gmail_quote"><div class="gmail_attr">${attribution}</div>` +
      `<blockquote class="gmail_quote">${QUESTION}</blockquote></div>`;
    expect(newReplyText({ text: `${attribution}\n\n${quoted(QUESTION)}`, html: gmail })).toBe("");
  });
});
