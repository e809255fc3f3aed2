// The README's picture of the workspace: `node scripts/screenshot.mjs` (with node_modules/.bin first on the PATH)
// starts the built production server on a fresh data folder, as tests/support/server.ts does, creates a family
// member, writes a Vietnamese book through the /api, opens one of its stories in Chromium (playwright-core) at
// 1280×800 and saves docs/images/workspace.png as a palette PNG. Run `npm run build` first after changing the app.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "docs", "images", "workspace.png");
const ADMIN_PASSWORD = "screenshot-admin-password";
const MEMBER = { username: "mai", email: "mai@example.com", password: "screenshot-password", displayName: "Mai" };

const BOOK = {
  title: "Bà nội kể chuyện",
  description: "Những câu chuyện của bà Nguyễn Thị Lan, sinh năm 1948 ở Huế, kể cho các cháu.",
  tone: "ấm áp, chậm rãi",
  language: "vi",
  coverImage: "/covers/3.webp",
};

/** Topics in book order, each with interview questions and the stories that answer them (by question index). */
const TOPICS = [
  {
    title: "Tuổi thơ ở Huế",
    description: "Ngôi nhà bên sông Hương, trường học và những mùa mưa.",
    questions: ["Bà lớn lên ở đâu?", "Món ăn nào làm bà nhớ nhà nhất?", "Bà thường chơi trò gì với các anh chị?"],
    stories: [
      {
        question: 0,
        title: "Ngôi nhà bên sông Hương",
        content:
          "Bà sinh ra trong một ngôi nhà rường nhỏ ở Kim Long, cách bờ sông Hương chừng trăm bước chân. " +
          "Mỗi sáng, bà ngoại của bà dậy từ lúc trời còn tối để nhóm bếp, và mùi khói rơm lẫn với mùi cơm mới " +
          "là thứ đầu tiên bà nhớ về tuổi thơ.\n\n" +
          "Mùa mưa năm 1953, nước lên tới bậc thềm thứ ba. Ông cố chèo chiếc ghe nhỏ đưa cả nhà sang chùa " +
          "Thiên Mụ tránh lụt. Bà còn nhớ tiếng chuông chùa vang trên mặt nước trắng xóa, và bà ngồi ôm con mèo " +
          "mướp suốt đêm không dám ngủ.",
        status: "published",
      },
      {
        question: 1,
        title: "Chén chè bắp Cồn Hến",
        content:
          "Chiều nào tan học, bà với dì Tư cũng ghé gánh chè của bà cụ đầu ngõ. Chè bắp Cồn Hến ngọt thanh, " +
          "nước cốt dừa béo, mỗi chén chỉ có năm xu mà hai chị em chia nhau từng muỗng.",
        status: "published",
      },
    ],
  },
  {
    title: "Những năm ở Sài Gòn",
    description: "Lập nghiệp, gặp ông, và tiệm may nhỏ trên đường Trần Hưng Đạo.",
    questions: ["Vì sao bà vào Sài Gòn?", "Bà gặp ông như thế nào?"],
    stories: [
      {
        question: 1,
        title: "Buổi chiều ở tiệm may",
        content:
          "Ông đến tiệm để may một chiếc áo sơ mi trắng cho đám cưới người bạn. Ông đo tới đo lui ba lần, " +
          "lần nào cũng hỏi bà quê ở đâu.",
        status: "draft",
      },
    ],
  },
  {
    title: "Gia đình và con cháu",
    description: "Những ngày Tết, những bữa cơm đông đủ.",
    questions: ["Tết ngày xưa của gia đình mình ra sao?"],
    stories: [],
  },
];

/** The production server over the built app on a free port, as tests/support/server.ts starts it. */
async function startServer(dataDir) {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("No build: run `npm run build`.");
  const quiet = ["AI_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "DATABASE_URL", "MEDIA_STORE"];
  const child = spawn(process.execPath, [path.join(root, "server", "index.mjs")], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !quiet.includes(name))),
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      COOKIE_SECURE: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 30_000);
    child.stdout.on("data", (chunk) => {
      log += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on("data", (chunk) => (log += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${log}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  return { address, stop };
}

/** A JSON client with one session cookie, signed in as `username`. */
async function signedIn(address, username, password) {
  let cookie = "";
  const call = async (method, pathname, body) => {
    const response = await fetch(new URL(pathname, address), {
      method,
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      if (pair.startsWith("heirloom_session=")) cookie = pair;
    }
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await call("POST", "/api/auth/login", { username, password, rememberMe: false });
  return { call };
}

/** Writes the book through the /api; answers its id and the story to open. */
async function seed(member) {
  const book = await member.call("POST", "/api/books", BOOK);
  let opened = null;
  for (const topic of TOPICS) {
    const made = await member.call("POST", `/api/books/${book.id}/topics`, {
      title: topic.title,
      description: topic.description,
    });
    const questionIds = [];
    for (const question of topic.questions)
      questionIds.push((await member.call("POST", `/api/topics/${made.id}/questions`, { question })).id);
    for (const story of topic.stories) {
      const { question, ...body } = story;
      const saved = await member.call("POST", `/api/topics/${made.id}/stories`, {
        ...body,
        questionId: questionIds[question],
      });
      opened ??= saved.id;
    }
    if (topic.stories.some((story) => story.status === "published"))
      await member.call("POST", `/api/topics/${made.id}/preview`);
  }
  return { bookId: book.id, storyId: opened };
}

/** Resolves once React has hydrated every element of <main> (as tests/e2e/helpers.ts waits). */
async function waitForHydration(page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("#main");
    const hydrated = (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
    return !!main && hydrated(main) && Array.from(main.querySelectorAll("*")).every(hydrated);
  });
  await page.evaluate(() => document.fonts.ready);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heirloom-screenshot-"));
const server = await startServer(dataDir);
let browser;
try {
  const admin = await signedIn(server.address, "admin", ADMIN_PASSWORD);
  await admin.call("POST", "/api/admin/create-user", MEMBER);
  const member = await signedIn(server.address, MEMBER.username, MEMBER.password);
  const { bookId, storyId } = await seed(member);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars"],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "vi-VN" });
  // Signed in through the context's own request client, which shares the browser's cookies; the page is in
  // Vietnamese from the browser's Accept-Language (vi-VN).
  const login = await context.request.post(`${server.address}/api/auth/login`, {
    data: { username: MEMBER.username, password: MEMBER.password, rememberMe: false },
  });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const page = await context.newPage();
  await page.goto(`${server.address}/books/${bookId}?storyId=${storyId}`);
  await waitForHydration(page);
  // The editor gives its first field the focus as it opens; the picture shows the page at rest.
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  const shot = await page.screenshot({ type: "png" });
  // A palette of 128 colours keeps the text crisp and the file small for the README.
  await sharp(shot).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toFile(output);
  console.log(`Saved ${path.relative(root, output)} (${Math.round(fs.statSync(output).size / 1024)} kB).`);
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
