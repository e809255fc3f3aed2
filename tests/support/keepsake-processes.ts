import fs from "node:fs";

// The keepsakes' own processes (issue 38, ADR 0043), found from outside the server through Linux /proc.

/** The pids of the server's running keepsake processes: its children whose command runs keepsake-process.js. */
export function keepsakeProcesses(serverPid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent pid is the 4th field, after the command in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = fs.readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (parent === serverPid && command.includes("keepsake-process.js")) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Waits until `check` holds, asking every 50 ms; the test's own timeout ends a wait that never does. */
export async function until<T>(check: () => T | Promise<T>): Promise<NonNullable<T>> {
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
