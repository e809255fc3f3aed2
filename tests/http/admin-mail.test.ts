import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, loginAs, serverWithLanAndMinh, type Client } from "../support/http";
import { seedMailLog } from "../support/mail-log";
import { ADMIN_PASSWORD, type RunningServer } from "../support/server";

// The admin's Email tab and GET /api/admin/mail (issue 37) against the real server: only the admin reaches them, they
// list the mail log newest first with her name and the book's title, filter and page it, and never hold a body.
let server: RunningServer;
let admin: Client;
let lan: Client;

beforeAll(async () => {
  ({ server, lan } = await serverWithLanAndMinh());
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const book = (await (await lan.json("POST", "/api/books", { title: "Quê nội", language: "vi" })).json()) as {
    id: number;
  };
  const link = (await (
    await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan", address: "ba" })
  ).json()) as { id: number };
  await seedMailLog(server.database, { linkId: link.id, bookId: book.id });
});
afterAll(() => server?.stop());

/** What the page shows: its main element, without the data it carries for hydration (which holds the codes). */
const shown = async (response: Response) => {
  const html = await response.text();
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
};

type Message = Record<string, unknown> & { subject: string; status: string };

describe("GET /api/admin/mail", () => {
  it("answers 401 signed out and 403 to anyone but the admin, with a message; the page sends them away", async () => {
    const anonymous = createClient(server.url);
    const signedOut = await anonymous.get("/api/admin/mail");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toHaveProperty("message");
    const forbidden = await lan.get("/api/admin/mail?status=failed");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toHaveProperty("message");
    expect((await anonymous.get("/admin?tab=email")).headers.get("location")).toMatch(/^\/login/);
    expect((await lan.get("/admin?tab=email")).headers.get("location")).toBe("/unauthorized");
    expect((await lan.get("/admin.data?tab=email")).status).not.toBe(200);
  });

  it("lists the log newest first, 20 a page, with her name and the book's title and never a body", async () => {
    const first = await (await admin.get("/api/admin/mail")).json();
    expect(first).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages.slice(0, 5).map((m: Message) => `${m.subject} ${m.status}`)).toEqual([
      "Câu hỏi tuần 25 queued",
      "Câu hỏi tuần 24 failed",
      "Câu hỏi tuần 23 failed",
      "Re: Câu hỏi tuần 21 refused",
      "Câu hỏi tuần 22 failed",
    ]);
    expect(first.messages[1]).toMatchObject({
      direction: "out",
      kind: "question",
      linkName: "Bà Lan",
      bookTitle: "Quê nội",
      recipient: "lan@example.com",
      reason: "552 5.2.2 Mailbox full",
      attempts: 6,
    });
    expect(first.messages[3]).toMatchObject({ sender: "stranger@example.net", reason: "refused:sender" });
    expect(Object.keys(first.messages[0]).sort()).toEqual([
      "attempts",
      "bookId",
      "bookTitle",
      "createdAt",
      "direction",
      "finishedAt",
      "id",
      "kind",
      "linkId",
      "linkName",
      "messageId",
      "nextAttemptAt",
      "reason",
      "recipient",
      "sender",
      "status",
      "subject",
    ]);
    const second = await (await admin.get("/api/admin/mail?page=2")).json();
    expect(second.messages.map((m: Message) => m.subject)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((n) => `Câu hỏi tuần ${n}`),
    );
  });

  it("filters by direction and status, and falls back to all for a word it does not know", async () => {
    const failed = await (await admin.get("/api/admin/mail?direction=out&status=failed")).json();
    expect(failed.messages.map((m: Message) => m.subject)).toEqual([24, 23, 22].map((n) => `Câu hỏi tuần ${n}`));
    const incoming = await (await admin.get("/api/admin/mail?direction=in")).json();
    expect(incoming.messages.map((m: Message) => m.status)).toEqual(["refused", "taken"]);
    expect((await (await admin.get("/api/admin/mail?status=sideways")).json()).total).toBe(27);
    expect((await (await admin.get("/api/admin/mail?q=stranger")).json()).total).toBe(1);
    expect((await admin.get("/api/admin/mail?page=0")).status).toBe(400);
  });
});

describe("the Email tab without JavaScript", () => {
  it("shows failed mail in Vietnamese, reasons translated or the relay's words; the Overview counts it", async () => {
    const vi = { headers: { "Accept-Language": "vi" } };
    const overview = await shown(await admin.get("/admin", vi));
    expect(overview).toContain("3 email gửi không được trong tuần này");
    expect(overview).toContain('href="/admin?tab=email&amp;direction=out&amp;status=failed"');
    const html = await shown(await admin.get("/admin?tab=email&direction=out&status=failed", vi));
    expect(html).toContain("Mailbox full");
    expect(html).toContain("Không gửi: câu hỏi hằng tuần đang tạm dừng");
    expect(html).not.toContain("not-sent:paused");
    expect(html).toContain("Bà Lan");
    expect(html).toContain("Quê nội");
    expect(html).not.toContain("Câu hỏi tuần 25");
    const refused = await shown(await admin.get("/admin?tab=email&direction=in&status=refused", vi));
    expect(refused).toContain("Đã từ chối: không được gửi từ địa chỉ của người kể chuyện");
  });
});
