import fs from "node:fs";

// Linux /proc: what a server process holds in memory, read from outside it (tests/http/refused-body-memory.test.ts).

/** Resident memory of a process and its peak since the last `resetPeakMemory`, in bytes (Linux /proc). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const bytes = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: bytes("VmRSS"), peak: bytes("VmHWM") };
}

/** Sets a process's peak resident memory (VmHWM) back to its current size: "5" to clear_refs (Linux ≥ 4.0). */
export function resetPeakMemory(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
