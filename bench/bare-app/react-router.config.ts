import type { Config } from "@react-router/dev/config";

// The bench builds into a temporary directory (BENCH_BARE_BUILD_DIR), so nothing is written here.
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.BENCH_BARE_BUILD_DIR ?? "../../.tmp/bare-app-build",
} satisfies Config;
