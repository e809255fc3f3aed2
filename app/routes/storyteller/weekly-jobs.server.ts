import { deliverDueMail } from "~/models/mail-queue.server";
import { runDueSchedules } from "~/models/weekly-question.server";

/** How often a server looks for due work: a week's question goes within seconds of its time. */
const POLL_MS = 5_000;
const SCHEDULE_BATCH = 10;
const MAIL_BATCH = 10;

let wake: (() => void) | undefined;

/** Looks for due work at once, instead of at the next poll (a "send now" queued an email). */
export const wakeWeeklyJobs = (): void => wake?.();

/**
 * The weekly question's jobs (ADR 0041): every server polls the database for due schedules and queued mail, and the
 * database decides which server does each (a job is a row, never a timer in memory), so that each goes exactly once
 * however many servers run. Batches follow one another while work is due, yielding to requests between them, so that
 * a morning of 10,000 questions never holds a page up. `clock` is what tests move instead of sleeping.
 */
export function startWeeklyJobs(clock: () => Date = () => new Date()): void {
  let running = false;
  let again = false;
  const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        while ((await runDueSchedules(clock(), SCHEDULE_BATCH)) === SCHEDULE_BATCH) await yieldToRequests();
        while ((await deliverDueMail(clock(), MAIL_BATCH)) === MAIL_BATCH) await yieldToRequests();
      } while (again);
    } catch (error) {
      console.error("The weekly questions' jobs failed; the next poll tries again", error);
    } finally {
      running = false;
    }
  };
  wake = () => void run();
  void run();
  setInterval(() => void run(), POLL_MS).unref();
}
