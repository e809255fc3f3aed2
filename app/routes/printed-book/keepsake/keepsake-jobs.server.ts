import os from "node:os";
import type { KeepsakeProgress } from "./keepsake-task";

// The keepsakes being made on this server (issue 38, ADR 0043): each a job with its progress, made once however many
// ask for it, and taken in a fair order, so that a small book never waits behind a large one.

/**
 * Layouts at once: two where the machine has the cores and the memory (each process stays under 250 MB), one
 * otherwise. A small book starts at once even past these: it takes a second, and nobody should wait minutes for it.
 */
const SLOTS = os.availableParallelism() >= 2 && os.totalmem() >= 2 * 1024 ** 3 ? 2 : 1;
/** A book this short (estimated pages) is small: it never queues. */
const SMALL_PAGES = 120;

export type KeepsakeJob = {
  /** What is being made: the keepsake, the book and its options (`keepsakes.server.ts`). */
  target: string;
  userId: number;
  /** The estimated pages, for the order in the queue. */
  estimate: number;
  progress: KeepsakeProgress;
  /** Settles when the job ends, made or failed (it never rejects: a failure is the job's own business). */
  done: Promise<void>;
  started: boolean;
};

type Queued = { job: KeepsakeJob; begin: () => Promise<void>; queuedAt: number };

const jobs = new Map<string, KeepsakeJob>();
const queue: Queued[] = [];
const running = new Set<KeepsakeJob>();
let asked = 0;

/** The job making `target`, queued or running; undefined when none is. */
export function keepsakeJob(target: string): KeepsakeJob | undefined {
  return jobs.get(target);
}

/**
 * Queues the making of `target` unless a job is already making it, whose job is then given: a second request for a
 * book being laid out joins that job. `work` is told how far it got through the job's progress.
 */
export function startKeepsakeJob({
  target,
  userId,
  estimate,
  progress = { page: 0, pages: estimate, counted: false },
  work,
}: {
  target: string;
  userId: number;
  estimate: number;
  /** What the job says of itself before it starts: by default, no page of the estimated pages. */
  progress?: KeepsakeProgress;
  work: (job: KeepsakeJob) => Promise<void>;
}): KeepsakeJob {
  const existing = jobs.get(target);
  if (existing) return existing;
  let finish!: () => void;
  const job: KeepsakeJob = {
    target,
    userId,
    estimate,
    progress,
    done: new Promise<void>((resolve) => (finish = resolve)),
    started: false,
  };
  jobs.set(target, job);
  const begin = async () => {
    job.started = true;
    running.add(job);
    try {
      await work(job);
    } catch (error) {
      console.error(`Making ${target} failed`, error);
    } finally {
      running.delete(job);
      jobs.delete(target);
      finish();
      startNext();
    }
  };
  queue.push({ job, begin, queuedAt: asked++ });
  startNext();
  return job;
}

/**
 * Starts queued jobs while there is room: in a free slot the fairest next, past the slots any small book. Small books
 * hold no slot: they are done in a moment, and a slot is for a book that takes minutes.
 */
function startNext(): void {
  while (queue.length) {
    const large = [...running].filter((job) => job.estimate > SMALL_PAGES).length;
    const next = large < SLOTS ? fairest() : smallest();
    if (!next) return;
    queue.splice(queue.indexOf(next), 1);
    void next.begin();
  }
}

/** The queued job of the user with fewest jobs running, the smaller book first, then the one that asked first. */
function fairest(): Queued | undefined {
  const runningFor = (userId: number) => [...running].filter((job) => job.userId === userId).length;
  return [...queue].sort(
    (a, b) =>
      runningFor(a.job.userId) - runningFor(b.job.userId) || a.job.estimate - b.job.estimate || a.queuedAt - b.queuedAt,
  )[0];
}

function smallest(): Queued | undefined {
  const small = queue.filter((queued) => queued.job.estimate <= SMALL_PAGES);
  return small.sort((a, b) => a.job.estimate - b.job.estimate || a.queuedAt - b.queuedAt)[0];
}
