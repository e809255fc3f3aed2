import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "~/i18n/en";
import type { MessageKey } from "~/i18n/types";
import vi from "~/i18n/vi";
import { createClient, loginAs, type Client } from "../support/http";
import { pngBytes } from "../support/media-files";
import { reaches } from "../support/module-graph";
import { requestHead, sendWhileAnswered, type Answer } from "../support/raw-socket";
import { ADMIN_PASSWORD, startServer, type RunningServer } from "../support/server";
import { BODY_ROUTES, NO_BODY, QUIET_BODY_ROUTES, type BodyRoute, type Ids } from "./body-routes";

// Every route that reads a body refuses one over its cap with a 413 in the user's language, as it
// streams in: a declared Content-Length over the cap before a byte is sent, and a body without a length once
// it passes the cap, while the client is still sending (the client sends a little more than the cap and then
// waits with the body open: a server that reads the whole body before answering never answers). And an
// unreadable body (multipart without a boundary, broken multipart) is a 400 in the user's language, never a 5xx.

const root = path.resolve(import.meta.dirname, "..", "..");
const READER = "app/http/request-body.server.ts";
const BOUNDARY = "heirloom-probe";
type Language = "en" | "vi";

function message(language: Language, key: MessageKey): string {
  const [group, name] = key.split(".") as [string, string];
  return ((language === "en" ? en : vi) as unknown as Record<string, Record<string, string>>)[group]![name]!;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/**
 * The refusal's message, as the route gives it: /api's JSON `{ message }`, plain text, or on the page again (a toast).
 */
function shown(route: BodyRoute, answer: Answer): string {
  if (route.answer === "json") {
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    return String((JSON.parse(answer.body) as { message?: unknown }).message);
  }
  if (route.answer === "text") return answer.body;
  expect(answer.headers["content-type"]).toMatch(/^text\/html/);
  return answer.body;
}

function expectRefusal(route: BodyRoute, answer: Answer, status: number, asked: Language, key: MessageKey) {
  const language = route.language ?? asked;
  const expected = message(language, key);
  const text = shown(route, answer);
  expect(
    { status: answer.status, says: route.answer === "page" ? text.includes(escapeHtml(expected)) : text === expected },
    `${route.method} ${route.file} (${language}): ${answer.status} ${text.slice(0, 300)}`,
  ).toEqual({ status, says: true });
}

const fieldPart = (name: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = "application/x-www-form-urlencoded";

type Probe = {
  label: string;
  language: Language;
  contentType: string;
  prefix: string;
  bytes: number;
  declaredLength?: number;
};

/** Bodies over the route's cap: declared, and streamed without a length, in its own formats. */
function oversized(route: BodyRoute): Probe[] {
  const over = route.cap + 16 * 1024;
  const declared = (language: Language, contentType: string): Probe => ({
    label: `Content-Length of ${route.cap + 1}`,
    language,
    contentType,
    prefix: "",
    bytes: 0,
    declaredLength: route.cap + 1,
  });
  switch (route.kind) {
    case "form":
      return [
        declared("en", URLENCODED),
        declared("vi", MULTIPART),
        {
          label: `${over} bytes urlencoded, streamed`,
          language: "en",
          contentType: URLENCODED,
          prefix: "title=",
          bytes: over,
        },
        {
          label: `${over} bytes multipart, streamed`,
          language: "vi",
          contentType: MULTIPART,
          prefix: fieldPart("title"),
          bytes: over,
        },
      ];
    case "json":
      return [
        declared("en", "application/json"),
        declared("vi", "application/json"),
        {
          label: `${over} bytes of JSON, streamed`,
          language: "en",
          contentType: "application/json",
          prefix: '{"title":"',
          bytes: over,
        },
        {
          label: `${over} bytes of JSON, streamed`,
          language: "vi",
          contentType: "application/json",
          prefix: '{"content":"',
          bytes: over,
        },
      ];
    case "upload":
      return [
        declared("en", MULTIPART),
        declared("vi", MULTIPART),
        // A text part that never ends: cut at the fields' cap, and the body refused at the whole-body cap.
        {
          label: `${route.cap + 64 * 1024} bytes multipart, streamed`,
          language: "en",
          contentType: MULTIPART,
          prefix: fieldPart("description"),
          bytes: route.cap + 64 * 1024,
        },
        {
          label: `${route.fieldsCap! + 16 * 1024} bytes urlencoded, streamed`,
          language: "vi",
          contentType: URLENCODED,
          prefix: "description=",
          bytes: route.fieldsCap! + 16 * 1024,
        },
      ];
  }
}

let server: RunningServer;
let clients: Record<BodyRoute["who"], Client>;
let ids: Ids;

async function created(response: Response): Promise<{ id: number }> {
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

beforeAll(async () => {
  server = await startServer();
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  const people: number[] = [];
  for (const name of ["lan", "minh"])
    people.push(
      (
        await created(
          await admin.json("POST", "/api/admin/create-user", {
            username: name,
            email: `${name}@example.com`,
            password: "secret1",
          }),
        )
      ).id,
    );
  const lan = createClient(server.url);
  await loginAs(lan, "lan", "secret1");
  const book = await created(await lan.json("POST", "/api/books", { title: "Sổ tay", language: "vi" }));
  const topic = await created(await lan.json("POST", `/api/books/${book.id}/topics`, { title: "Tuổi thơ" }));
  const story = await created(
    await lan.json("POST", `/api/topics/${topic.id}/stories`, { title: "Dòng sông", content: "Chúng tôi bơi ở sông." }),
  );
  const upload = new FormData();
  upload.append("type", "image");
  upload.append("file", new Blob([await pngBytes()], { type: "image/png" }), "garden.png");
  const media = await created(await lan.request(`/api/stories/${story.id}/media`, { method: "POST", body: upload }));
  const tell = await lan.json("POST", `/api/books/${book.id}/storyteller-links`, { name: "Bà Lan", address: "ba" });
  const { token: tellToken, id: tellLinkId } = (await tell.json()) as { token: string; id: number };
  ids = {
    tellToken,
    tellLinkId,
    bookId: book.id,
    topicId: topic.id,
    storyId: story.id,
    mediaId: media.id,
    userId: people[0]!,
    otherUserId: people[1]!,
  };
  clients = { anon: createClient(server.url), user: lan, admin };
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Sends a probe on a connection that closes after the answer. Unless `end`, the client sends `bytes` and
 * then waits with the body still open (declared longer, or chunked without its last chunk): an answer
 * can then only come from a server that refused the body while it streamed in.
 */
async function send(route: BodyRoute, probe: Probe, { end = false } = {}): Promise<Answer> {
  const cookie = clients[route.who].cookieHeader();
  const chunked = probe.declaredLength === undefined;
  const head = requestHead(route.method, route.path(ids), new URL(server.url).host, {
    Connection: "close",
    "Content-Type": probe.contentType,
    "Accept-Language": probe.language,
    ...(cookie ? { Cookie: cookie } : {}),
    ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(probe.declaredLength) }),
  });
  const total = end ? probe.bytes : (probe.declaredLength ?? Number.MAX_SAFE_INTEGER);
  const outcome = await sendWhileAnswered(server.url, head, {
    total,
    prefix: probe.prefix,
    chunked,
    stallAt: end ? undefined : probe.bytes,
    onServerEnd: "stop",
    afterBody: "await-answer",
  });
  expect(
    outcome.answer,
    `${route.method} ${route.file}, ${probe.label}: no whole answer (${outcome.error})`,
  ).not.toBeNull();
  return outcome.answer!;
}

describe("request bodies are capped before they are read", () => {
  it(
    "the list of routes that read a body is complete: " +
      "every route module of app/routes.ts that loads the body reader, and only those",
    () => {
      const table = fs.readFileSync(path.join(root, "app", "routes.ts"), "utf8");
      const files = [...new Set([...table.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map(([, file]) => file!))];
      const readers = files.filter((file) => reaches(`app/${file}`, READER));
      expect(readers.length).toBeGreaterThan(30);
      const listed = [...BODY_ROUTES, ...QUIET_BODY_ROUTES].map((route) => route.file);
      expect([...new Set(listed)].sort()).toEqual(readers.sort());
      // Every other action (not just a translated 405) is listed as reading no body.
      const otherActions = files.filter((file) => {
        const source = fs.readFileSync(path.join(root, "app", file), "utf8");
        return (
          /export (const|function|async function) action\b/.test(source) &&
          !/export const action = methodNotAllowed\(/.test(source) &&
          !readers.includes(file)
        );
      });
      expect(otherActions.sort()).toEqual(
        NO_BODY.map((route) => route.file)
          .filter((file) => !readers.includes(file))
          .sort(),
      );
    },
  );

  for (const route of BODY_ROUTES) {
    const { method, file, cap } = route;
    it(`${method} ${file}: over ${cap} bytes is a 413, declared or streamed, in English and Vietnamese`, {
      timeout: 300_000,
    }, async () => {
      for (const probe of oversized(route)) {
        const answer = await send(route, probe);
        expectRefusal(route, answer, 413, probe.language, route.tooLarge);
      }
    });
  }

  for (const route of BODY_ROUTES) {
    it(`${route.method} ${route.file}: an unreadable body is a 400 in the user's language, never a 5xx`, async () => {
      const malformed = route.kind === "json" ? "errors.invalidJson" : "errors.malformedBody";
      const bodies: Probe[] = [
        {
          label: "multipart without a boundary",
          language: "en",
          contentType: "multipart/form-data",
          prefix: "title=x&content=y",
          bytes: 0,
        },
        {
          label: "broken multipart",
          language: "vi",
          contentType: MULTIPART,
          prefix: `--${BOUNDARY}\r\nContent-Disposition: nonsense\r\n\r\n\u0000\u00ff garbage --${BOUNDARY}\r\n`,
          bytes: 0,
        },
        {
          label: "multipart that ends inside a part",
          language: "en",
          contentType: MULTIPART,
          prefix: `${fieldPart("title")}Bà nội`,
          bytes: 0,
        },
        ...(route.kind === "json"
          ? []
          : [{ label: "not a form", language: "vi" as const, contentType: "text/plain", prefix: "title=x", bytes: 0 }]),
      ];
      for (const body of bodies) {
        const length = Buffer.byteLength(body.prefix);
        const answer = await send(route, { ...body, bytes: length, declaredLength: length }, { end: true });
        expectRefusal(route, answer, 400, body.language, malformed);
      }
    });
  }
});
