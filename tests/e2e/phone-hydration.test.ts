import { describe, expect, it } from "vitest";
import { openPage, serverAndBrowser } from "../support/browser";
import { createUser, signIn, waitForHydration } from "./helpers";

// What a phone does while it hydrates (ADR 17): the expensive things it need not do, it does not do. A
// server in Vietnam's time zone, which keeps one UTC offset all year, as most do.
const env = serverAndBrowser({ serverEnv: { TZ: "Asia/Ho_Chi_Minh" } });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe("a phone hydrating the library and the workspace", () => {
  it(
    "shows the server's dates without building a date formatter, " +
      "the first of which costs a slow phone about 300 ms",
    async () => {
      const user = await createUser(env.server);
      const { page, assertNoErrors } = await openPage(env.browser, PHONE);
      // Counts every Intl.DateTimeFormat the page builds, from its first script on.
      await page.addInitScript(() => {
        const counted = window as unknown as { dateFormats: number };
        counted.dateFormats = 0;
        Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
          construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
            counted.dateFormats++;
            return new target(...args);
          },
          apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
            counted.dateFormats++;
            return target(...args);
          },
        });
      });
      await signIn(page, env.server, user.username, user.password);
      const post = (path: string, data: unknown) =>
        page.request.post(`${env.server.url}${path}`, { data, headers: { Origin: env.server.url } });
      const book = (await (await post("/api/books", { title: "Ông ngoại", language: "vi" })).json()) as {
        id: number;
        updatedAt: string;
      };
      const topic = (await (await post(`/api/books/${book.id}/topics`, { title: "Tuổi thơ" })).json()) as {
        id: number;
      };
      await post(`/api/topics/${topic.id}/stories`, { title: "Con sông", content: "Ngày xưa.", status: "published" });
      const updated = (await (await page.request.get(`${env.server.url}/api/books/${book.id}`)).json()) as {
        updatedAt: string;
      };
      const shown = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Ho_Chi_Minh",
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
      }).format(new Date(updated.updatedAt));

      for (const path of ["/books", `/books/${book.id}`]) {
        await page.goto(`${env.server.url}${path}`);
        await waitForHydration(page);
        await expect.poll(() => page.locator("#main").textContent()).toContain(`Last updated ${shown}`);
        expect(await page.evaluate(() => (window as unknown as { dateFormats: number }).dateFormats), path).toBe(0);
      }
      assertNoErrors();
    },
  );
});
