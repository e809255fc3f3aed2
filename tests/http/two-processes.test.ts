import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_LIMITS, STORYTELLER_ANSWER_LIMIT } from "~/lib/limits";
import { type Client, createClient, loginAs } from "../support/http";
import { pngBytes } from "../support/media-files";
import { type LocalS3, startLocalS3 } from "../support/s3";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "../support/server";
import { suitePostgres } from "../support/test-database";

// Two app processes (issue 21, ADR 0031): nothing a user sees or is limited by lives in one process's memory, so
// whichever process answers, the answer is the same. On SQLite they share one DATA_DIR. On PostgreSQL (http-pg) they
// are laid out as a hosted Heirloom is: each its own DATA_DIR, one database, one S3 bucket, one SESSION_SECRET.
let first: RunningServer;
let second: RunningServer;
let s3: LocalS3 | null = null;

/** One browser (one cookie jar) talking to either process. */
function visitor(): { on: (server: RunningServer) => Client } {
  const jar = new Map<string, string>();
  return { on: (server) => createClient(server.url, {}, fetch, jar) };
}

const created = async <T>(response: Response): Promise<T> => {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(201);
  return JSON.parse(text) as T;
};

beforeAll(async () => {
  if (suitePostgres()) {
    s3 = await startLocalS3();
    const shared = { ...s3.env, SESSION_SECRET: "two-processes-secret-two-processes-secret" };
    first = await startServer(shared);
    second = await startServer({ ...shared, DATABASE_URL: first.database.url });
  } else {
    first = await startServer();
    second = await startServer({}, { dataDir: first.dataDir });
  }
  const admin = createClient(first.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const made = await admin.json("POST", "/api/admin/create-user", {
    username: "lan",
    email: "lan@example.com",
    password: "secret1",
  });
  expect(made.status).toBe(201);
});

afterAll(async () => {
  if (s3) await second?.stop();
  else await second?.kill();
  await first?.stop();
  await s3?.remove();
});

describe("two app processes on one database", () => {
  it("keeps a user signed in on the other process, and shows there at once what she wrote on the first", async () => {
    const lan = visitor();
    await loginAs(lan.on(first), "lan", "secret1");
    const book = await created<{ id: number }>(
      await lan.on(second).json("POST", "/api/books", { title: "Sổ hai máy", language: "vi" }),
    );
    const topic = await created<{ id: number }>(
      await lan.on(first).json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" }),
    );
    const story = await created<{ id: number }>(
      await lan.on(first).json("POST", `/api/topics/${topic.id}/stories`, {
        title: "Dòng sông",
        content: "Bà bơi qua sông mỗi sáng.",
      }),
    );
    const page = await lan.on(second).get(`/books/${book.id}/topics/${topic.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Dòng sông");
    const saved = await lan.on(second).get(`/api/stories/${story.id}`);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { content: string }).content).toBe("Bà bơi qua sông mỗi sáng.");
    // Signing out on the second ends the session on the first too.
    expect((await lan.on(second).json("POST", "/api/auth/logout")).status).toBe(200);
    expect((await lan.on(first).get("/api/books")).status).toBe(401);
  });

  it("takes writes sent to both processes at once, each kept once and in order", async () => {
    const lan = visitor();
    await loginAs(lan.on(first), "lan", "secret1");
    const book = await created<{ id: number }>(
      await lan.on(first).json("POST", "/api/books", { title: "Sổ viết cùng lúc", language: "vi" }),
    );
    const topic = await created<{ id: number }>(
      await lan.on(second).json("POST", `/api/books/${book.id}/topics`, { title: "Chợ quê" }),
    );
    // Each create reads the topic's last position and then writes: both processes at once must wait their turn.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lan
          .on(i % 2 ? second : first)
          .json("POST", `/api/topics/${topic.id}/stories`, { title: `Phiên chợ ${i}`, content: "Mua cá, mua rau." })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const listed = (await (await lan.on(second).get(`/api/topics/${topic.id}/stories`)).json()) as {
      title: string;
      position: number;
    }[];
    expect(listed).toHaveLength(40);
    expect(new Set(listed.map((story) => story.position)).size).toBe(40);
  });

  it("serves from either process a photo uploaded to one", async () => {
    const lan = visitor();
    await loginAs(lan.on(first), "lan", "secret1");
    const book = await created<{ id: number }>(
      await lan.on(first).json("POST", "/api/books", { title: "Ảnh cũ", language: "vi" }),
    );
    const topic = await created<{ id: number }>(
      await lan.on(first).json("POST", `/api/books/${book.id}/topics`, { title: "Nhà xưa" }),
    );
    const story = await created<{ id: number }>(
      await lan
        .on(first)
        .json("POST", `/api/topics/${topic.id}/stories`, { title: "Giếng nước", content: "Ngày xưa…" }),
    );
    const form = new FormData();
    form.append("type", "image");
    form.append("file", new File([await pngBytes(64, 48)], "gieng.png", { type: "image/png" }));
    const photo = await created<{ id: number }>(
      await lan.on(second).request(`/api/stories/${story.id}/media`, { method: "POST", body: form }),
    );
    for (const server of [first, second]) {
      const served = await lan.on(server).get(`/api/media/render/id:${photo.id}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("opens on the other process a share link made on the first", async () => {
    const lan = visitor();
    await loginAs(lan.on(second), "lan", "secret1");
    const book = await created<{ id: number }>(
      await lan.on(second).json("POST", "/api/books", { title: "Sổ để chia sẻ", language: "vi" }),
    );
    const share = await created<{ token: string }>(
      await lan.on(first).json("POST", `/api/books/${book.id}/shares`, {}),
    );
    const page = await createClient(second.url).get(`/s/${share.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sổ để chia sẻ");
  });

  it("counts wrong passwords sent to either process against one limit", async () => {
    const stranger = [createClient(first.url), createClient(second.url)];
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.accountAndClient.limit; i++) {
      const response = await stranger[i % 2]!.json("POST", "/api/auth/login", {
        username: "lan",
        password: `wrong-${i}`,
        rememberMe: false,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The lock holds on both, for that account from that address.
    const again = await stranger[0]!.json("POST", "/api/auth/login", { username: "lan", password: "secret1" });
    expect(again.status).toBe(429);
  });

  it("admits exactly the sign-in limit of wrong passwords sent at once to both processes", async () => {
    const admin = createClient(first.url);
    await loginAs(admin, "admin", ADMIN_PASSWORD);
    await created(
      await admin.json("POST", "/api/admin/create-user", {
        username: "hai",
        email: "hai@example.com",
        password: "x1y2z3",
      }),
    );
    // Each attempt is counted before its password is checked: a burst must not all be checked.
    const { limit } = LOGIN_LIMITS.accountAndClient;
    const sent = limit + limit / 2;
    const statuses = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        createClient((i % 2 ? second : first).url)
          .json("POST", "/api/auth/login", { username: "hai", password: `wrong-${i}`, rememberMe: false })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses.filter((status) => status !== 401)).toEqual(Array(sent - limit).fill(429));
  });

  it("counts a storyteller link's answers sent to either process against one limit", async () => {
    const owner = visitor();
    await loginAs(owner.on(first), "admin", ADMIN_PASSWORD);
    const book = await created<{ id: number }>(
      await owner.on(first).json("POST", "/api/books", { title: "Sổ của bà", language: "vi" }),
    );
    const topic = await created<{ id: number }>(
      await owner.on(first).json("POST", `/api/books/${book.id}/topics`, { title: "Quê nhà" }),
    );
    const questions: number[] = [];
    for (let i = 0; i <= STORYTELLER_ANSWER_LIMIT.limit; i++) {
      const question = await created<{ id: number }>(
        await owner.on(first).json("POST", `/api/topics/${topic.id}/questions`, { question: `Câu hỏi số ${i}?` }),
      );
      questions.push(question.id);
    }
    const link = await created<{ token: string }>(
      await owner.on(second).json("POST", `/api/books/${book.id}/storyteller-links`, { topicIds: [topic.id] }),
    );
    const send = (server: RunningServer, questionId: number) => {
      const form = new FormData();
      form.append("questionId", String(questionId));
      form.append("content", "Trả lời");
      form.append("idempotencyKey", crypto.randomUUID());
      return createClient(server.url).request(`/tell/${link.token}`, {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
      });
    };
    for (let i = 0; i < STORYTELLER_ANSWER_LIMIT.limit; i++)
      expect((await send(i % 2 ? second : first, questions[i]!)).status).toBe(201);
    expect((await send(first, questions.at(-1)!)).status).toBe(429);
    expect((await send(second, questions.at(-1)!)).status).toBe(429);
  });

  it("admits exactly a link's limit of answers sent at once to both processes", async () => {
    const owner = visitor();
    await loginAs(owner.on(first), "admin", ADMIN_PASSWORD);
    const book = await created<{ id: number }>(
      await owner.on(first).json("POST", "/api/books", { title: "Sổ trả lời cùng lúc", language: "vi" }),
    );
    const topic = await created<{ id: number }>(
      await owner.on(first).json("POST", `/api/books/${book.id}/topics`, { title: "Bến sông" }),
    );
    const question = await created<{ id: number }>(
      await owner.on(first).json("POST", `/api/topics/${topic.id}/questions`, { question: "Bà nhớ gì về bến sông?" }),
    );
    const link = await created<{ id: number; token: string }>(
      await owner.on(second).json("POST", `/api/books/${book.id}/storyteller-links`, { topicIds: [topic.id] }),
    );
    // Half again as many new answers as the limit, each with its own key, all in flight at once on both processes.
    const sent = STORYTELLER_ANSWER_LIMIT.limit + STORYTELLER_ANSWER_LIMIT.limit / 2;
    const statuses = await Promise.all(
      Array.from({ length: sent }, (_, i) => {
        const form = new FormData();
        form.append("questionId", String(question.id));
        form.append("content", `Trả lời số ${i}`);
        form.append("idempotencyKey", crypto.randomUUID());
        return createClient((i % 2 ? second : first).url)
          .request(`/tell/${link.token}`, { method: "POST", body: form, headers: { Accept: "application/json" } })
          .then((response) => response.status);
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(STORYTELLER_ANSWER_LIMIT.limit);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(sent - STORYTELLER_ANSWER_LIMIT.limit).fill(429));
    const [listed] = (await (await owner.on(first).get(`/api/books/${book.id}/storyteller-links`)).json()) as {
      answerCount: number;
    }[];
    expect(listed!.answerCount).toBe(STORYTELLER_ANSWER_LIMIT.limit);
  });
});
