import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import vi from "~/i18n/vi";
import { createClient, loginAs, type Client } from "../support/http";
import { sampleDocument } from "../support/keepsake-sample";
import { pngBytes, webmBytes } from "../support/media-files";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { zipOf } from "../support/zip";

// Issue 16, "Storage quota": each user's photos, recordings and covers may take USER_STORAGE_QUOTA_MB
// (here 1 MB). Past it the answer is 413 with a translated message and nothing is stored: no file under
// DATA_DIR/media, no row. Two uploads at once cannot both pass; a keepsake import counts too; the admin's
// Users tab shows each user's usage.

const MB = 1024 * 1024;
let server: RunningServer;
let admin: Client;

type Setup = { client: Client; bookId: number; storyId: number };

async function userWithStory(name: string): Promise<Setup> {
  await admin.json("POST", "/api/admin/create-user", {
    username: name,
    email: `${name}@example.com`,
    password: "secret1",
  });
  const client = createClient(server.url);
  await loginAs(client, name, "secret1");
  const json = async (path: string, body: unknown) =>
    (await (await client.json("POST", path, body)).json()) as { id: number };
  const book = await json("/api/books", { title: `${name}'s book`, language: "en" });
  const topic = await json(`/api/books/${book.id}/topics`, { title: "Childhood" });
  const story = await json(`/api/topics/${topic.id}/stories`, {
    title: "The river",
    content: "We swam.",
    status: "published",
  });
  return { client, bookId: book.id, storyId: story.id };
}

function uploadRecording({ client, storyId }: Setup, bytes: number, language = "en") {
  const form = new FormData();
  form.append("type", "audio");
  form.append("file", new Blob([webmBytes(bytes)], { type: "audio/webm" }), "voice.webm");
  return client.request(`/api/stories/${storyId}/media`, {
    method: "POST",
    body: form,
    headers: { "Accept-Language": language },
  });
}

/** Everything stored: files under DATA_DIR/media (sizes too) and the rows that name files. */
async function stored() {
  // count(*) is a number in SQLite and a string (bigint) in PostgreSQL.
  const count = async (sql: string) => Number((await server.database.query<{ n: number | string }>(sql))[0]!.n);
  const rows = {
    media: await count("select count(*) as n from media"),
    books: await count("select count(*) as n from books"),
    covers: await count("select count(*) as n from books where cover_bytes is not null"),
  };
  return { files: await server.storedMedia(), rows };
}

async function expectQuotaRefusal(response: Response, language: "en" | "vi" = "en") {
  expect(response.status).toBe(413);
  const strings = language === "vi" ? vi : en;
  expect(await response.json()).toEqual({
    message: strings.storage.quotaExceeded,
    title: strings.storage.quotaExceededTitle,
  });
}

beforeAll(async () => {
  server = await startServer({ USER_STORAGE_QUOTA_MB: "1" });
  admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
});
afterAll(() => server?.stop());

describe("the storage quota", () => {
  it("refuses an upload past it with a translated 413, and stores nothing of it", async () => {
    const lan = await userWithStory("lan");
    expect((await uploadRecording(lan, 700 * 1024)).status).toBe(201);
    const before = await stored();
    await expectQuotaRefusal(await uploadRecording(lan, 700 * 1024));
    await expectQuotaRefusal(await uploadRecording(lan, 700 * 1024, "vi"), "vi");
    // A photo's size is known only once it is re-encoded: it is refused after that, and its files removed.
    const photo = new FormData();
    photo.append("type", "image");
    photo.append(
      "file",
      new Blob(
        [
          await sharp({
            create: {
              width: 1600,
              height: 1200,
              channels: 3,
              background: "#000",
              noise: { type: "gaussian", mean: 128, sigma: 60 },
            },
          })
            .png()
            .toBuffer(),
        ],
        { type: "image/png" },
      ),
      "noise.png",
    );
    await expectQuotaRefusal(
      await lan.client.request(`/api/stories/${lan.storyId}/media`, { method: "POST", body: photo }),
    );
    expect(await stored()).toEqual(before);
    expect(before.files.filter((file) => file.startsWith("tmp/"))).toEqual([]);
  });

  it("lets one of two uploads at once in when together they do not fit", async () => {
    const minh = await userWithStory("minh");
    const before = await stored();
    const answers = await Promise.all([uploadRecording(minh, 600 * 1024), uploadRecording(minh, 600 * 1024)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    const after = await stored();
    expect(after.rows.media).toBe(before.rows.media + 1);
    expect(after.files.filter((file) => !before.files.includes(file))).toEqual([
      expect.stringMatching(/^files\/[a-f0-9]{32}\.webm 614400$/),
    ]);
  });

  it(
    "counts covers: a new cover past the quota is refused (API and page form), " +
      "nothing kept; a title still changes",
    async () => {
      const hoa = await userWithStory("hoa");
      expect((await uploadRecording(hoa, MB - 100)).status).toBe(201);
      const cover = `data:image/png;base64,${Buffer.from(await pngBytes(300, 450, "#a33")).toString("base64")}`;
      const before = await stored();
      await expectQuotaRefusal(
        await hoa.client.json("POST", "/api/books", { title: "With a cover", language: "en", coverImage: cover }),
      );
      await expectQuotaRefusal(
        await hoa.client.json("PUT", `/api/books/${hoa.bookId}`, {
          title: "hoa's book",
          language: "en",
          coverImage: cover,
        }),
      );
      const form = new FormData();
      form.set("intent", "create-book");
      form.set("title", "Form book");
      form.set("language", "vi");
      form.set("coverMode", "upload");
      form.set("coverFile", new Blob([await pngBytes(300, 450, "#3a3")], { type: "image/png" }), "cover.png");
      const page = await hoa.client.request("/books?dialog=create-book", {
        method: "POST",
        body: form,
        headers: { "Accept-Language": "vi" },
      });
      expect(page.status).toBe(413);
      expect(await page.text()).toContain(vi.storage.quotaExceeded);
      expect(await stored()).toEqual(before);
      // Nothing new to store: a user at the quota can still edit.
      expect(
        (await hoa.client.json("PUT", `/api/books/${hoa.bookId}`, { title: "Renamed", language: "en" })).status,
      ).toBe(200);
    },
  );

  it("counts a keepsake import: refused with 413 when its files do not fit, and no book or file is left", async () => {
    const binh = await userWithStory("binh");
    // 10 KB and one byte left: the zip's 10 KB recording fits (the early check passes), its photo does not.
    expect((await uploadRecording(binh, MB - 10 * 1024 - 1)).status).toBe(201);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
      .webp()
      .toBuffer();
    const zip = (recording: number) =>
      zipOf({
        "book.json": JSON.stringify(sampleDocument()),
        "media/001-ben-song.webp": photo,
        "media/002-giong-ba.webm": webmBytes(recording),
      });
    const importZip = (bytes: Uint8Array) => {
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], "book.zip", { type: "application/zip" }));
      return binh.client.request("/api/import", { method: "POST", body: form });
    };
    const before = await stored();
    await expectQuotaRefusal(await importZip(zip(10 * 1024)));
    // A recording that cannot fit is refused before anything is unpacked.
    await expectQuotaRefusal(await importZip(zip(50 * 1024)));
    expect(await stored()).toEqual(before);
  });

  it("shows each user's usage in the admin's Users tab and its API", async () => {
    const list = (await (await admin.get("/api/admin/users?pageSize=100")).json()) as {
      users: { username: string; storageBytes: number }[];
    };
    const usage = Object.fromEntries(list.users.map((user) => [user.username, user.storageBytes]));
    expect(usage).toMatchObject({ admin: 0, lan: 700 * 1024, hoa: MB - 100, binh: MB - 10 * 1024 - 1 });
    expect(usage.minh).toBe(600 * 1024);
    const english = await (await admin.get("/admin?tab=users")).text();
    expect(english).toContain(`<th scope="col">${en.admin.storageUsed}</th>`);
    expect(english).toContain(">700 KB<");
    expect(english).toContain(">1 MB<");
    const vietnamese = await (await admin.get("/admin?tab=users", { headers: { "Accept-Language": "vi" } })).text();
    expect(vietnamese).toContain(vi.admin.storageUsed);
  });
});
