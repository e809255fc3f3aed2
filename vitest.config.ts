import { defineConfig } from "vitest/config";

// Four suites: unit (models and libraries against a real SQLite file), http (the real built server),
// resilience (the real built server under concurrent writes, a crash, a failing AI server and fuzzed
// input; loopback only) and e2e (real Chromium against the real built server); the `*-pg` and `http-s3` projects run
// some of them again on PostgreSQL or with the media in S3.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
          setupFiles: ["tests/support/unit-setup.ts"],
          // Files share a worker: the setup file gives each the app's modules afresh, and only the packages stay
          // loaded. Loading them again in a new process for every file took two thirds of the suite's time.
          isolate: false,
          // s3rver, the tests' S3 server, signs its continuation tokens with DES, which Node's OpenSSL 3 keeps in its
          // legacy provider: without it, a listing of more than one page is its 500 (db/media-store/store.test.ts).
          execArgv: ["--openssl-legacy-provider"],
          environment: "node",
          // A few model tests seed hundreds of rows or hash passwords with argon2: about 4 s alone, and more
          // than vitest's default 5 s when the machine is busy. No unit test asserts a time.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          // The tests drive real servers of their own; a worker kept between files (nothing of the app is loaded in
          // it, and no file changes its environment) spares loading the clients and helpers again, about 5 %.
          isolate: false,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The model tests again on PostgreSQL (issue 21, ADR 0032): a throwaway server for the suite, a database
          // for each file. The files join this list as their models move onto both engines.
          name: "unit-pg",
          include: ["db/transaction.test.ts", "app/models/**/*.test.ts", "app/routes/**/*.server.test.ts"],
          globalSetup: ["tests/support/postgres-global.ts"],
          setupFiles: ["tests/support/unit-setup.ts"],
          isolate: false,
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The HTTP tests again with the server on PostgreSQL (issue 21, ADR 0032): a throwaway server for the
          // suite, a database for each app server (tests/support/test-database.ts). Backups and db:copy are about
          // SQLite's file and are not repeated.
          name: "http-pg",
          include: ["tests/http/**/*.test.ts"],
          exclude: ["tests/http/backup.test.ts", "tests/http/db-copy.test.ts"],
          globalSetup: ["tests/support/postgres-global.ts"],
          isolate: false,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The tests of media, covers, exports, imports, shared books and printed books again, with the media in a
          // local S3-compatible server (s3rver) that each test server starts (issue 21, ADR 0033).
          name: "http-s3",
          include: [
            "tests/http/media.test.ts",
            "tests/http/media-transcription.test.ts",
            "tests/http/export-import.test.ts",
            "tests/http/shares.test.ts",
            "tests/http/book-pdf.test.ts",
            "tests/http/books.test.ts",
            "tests/http/storage-quota.test.ts",
          ],
          isolate: false,
          environment: "node",
          env: { HEIRLOOM_TEST_MEDIA_STORE: "s3" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          environment: "node",
          // Each file loads the machine on purpose (50 writers, a fuzzer): one at a time on two cores.
          fileParallelism: false,
          // The longest test writes for 30 s; every wait inside the tests is bounded well below these.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The resilience tests again with the server on PostgreSQL (issue 21, ADR 0032): a throwaway server for the
          // suite, a database for each app server (tests/support/test-database.ts). The PostgreSQL restart starts a
          // server of its own and already runs in `resilience`. Run with `resilience` in one vitest, the files of
          // both still go one at a time: vitest puts every file of a project without file parallelism in one queue.
          name: "resilience-pg",
          include: ["tests/resilience/**/*.test.ts"],
          exclude: ["tests/resilience/postgres-restart.test.ts"],
          globalSetup: ["tests/support/postgres-global.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two cores: one browser at a time keeps the machine responsive and the timings honest.
          fileParallelism: false,
          // A page may take longer than expect.poll's default second on a busy two-core machine; a
          // poll still ends at its first success, so a longer limit only matters when something is wrong.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
