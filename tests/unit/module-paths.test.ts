import { describe, expect, it } from "vitest";
import { appPath, packageOf, projectPath } from "../../config/module-paths";

// The build's rules see a module through these (vite.config.ts). A checkout at /srv/app/heirloom, where
// every absolute id contains "/app/", node_modules included, is the case they exist for.
const root = "/srv/app/heirloom";

describe("projectPath", () => {
  it("is the path inside the project, without the folders above it or a query", () => {
    expect(projectPath(root, "/srv/app/heirloom/app/i18n/en.ts")).toBe("app/i18n/en.ts");
    expect(projectPath(root, "/srv/app/heirloom/app/routes/book.tsx?__react-router-build-client-route")).toBe(
      "app/routes/book.tsx",
    );
    expect(projectPath(`${root}/`, "/srv/app/heirloom/node_modules/react/index.js")).toBe(
      "node_modules/react/index.js",
    );
  });

  it("is undefined outside the project and for virtual modules", () => {
    expect(projectPath(root, "/srv/app/other/app/x.ts")).toBeUndefined();
    expect(projectPath(root, "/srv/app/heirloom-old/app/x.ts")).toBeUndefined();
    expect(projectPath(root, "\0virtual:lazy-chunks")).toBeUndefined();
  });

  it("reads Windows separators like Vite's forward slashes", () => {
    expect(projectPath("C:\\app\\heirloom", "C:/app/heirloom/app/i18n/vi.ts")).toBe("app/i18n/vi.ts");
  });
});

describe("appPath", () => {
  it("is the path under the project's app directory", () => {
    expect(appPath(root, "/srv/app/heirloom/app/components/workspace/resizable-panels.tsx")).toBe(
      "components/workspace/resizable-panels.tsx",
    );
  });

  it("is undefined for the project's other files and for packages, whatever folders they pass through", () => {
    expect(appPath(root, "/srv/app/heirloom/db/schema.ts")).toBeUndefined();
    expect(appPath(root, "/srv/app/heirloom/node_modules/react-resizable-panels/dist/index.js")).toBeUndefined();
    expect(appPath(root, "/srv/app/heirloom/node_modules/some-lib/app/index.js")).toBeUndefined();
    expect(appPath("/app", "/app/node_modules/react/index.js")).toBeUndefined();
    expect(appPath("/app", "/app/app/root.tsx")).toBe("root.tsx");
  });
});

describe("packageOf", () => {
  it("is the package after the last node_modules, scoped or not", () => {
    expect(packageOf(root, "/srv/app/heirloom/node_modules/react-dom/client.js")).toBe("react-dom");
    expect(packageOf(root, "/srv/app/heirloom/node_modules/@dnd-kit/core/dist/core.esm.js")).toBe("@dnd-kit/core");
    expect(packageOf(root, "/srv/app/heirloom/node_modules/.pnpm/react@19/node_modules/react/index.js?v=1")).toBe(
      "react",
    );
  });

  it("also for a node_modules linked from outside the project", () => {
    expect(packageOf(root, "/opt/shared/node_modules/scheduler/index.js")).toBe("scheduler");
  });

  it("is undefined for the project's own files, whatever folders are above the project", () => {
    expect(
      packageOf("/home/me/node_modules/react/heirloom", "/home/me/node_modules/react/heirloom/app/root.tsx"),
    ).toBeUndefined();
    expect(packageOf(root, "/srv/app/heirloom/app/root.tsx")).toBeUndefined();
    expect(packageOf(root, "\0vite/preload-helper.js")).toBeUndefined();
  });
});
