import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTOSAVE_DELAY_MS, createAutosaver, type AutosaveStatus } from "./autosave";

/** A server stand-in that records what it was sent and can be told to fail or to hold a request. */
function setup(saved = "") {
  const sent: { value: string; keepalive: boolean }[] = [];
  const statuses: AutosaveStatus[] = [];
  const errors: number[] = [];
  let failNext = false;
  let hold: Promise<void> | null = null;
  const saver = createAutosaver({
    saved,
    save: async (value, { keepalive }) => {
      sent.push({ value, keepalive });
      if (hold !== null) await hold;
      if (failNext) {
        failNext = false;
        throw new Error("500");
      }
    },
    onStatus: (status) => statuses.push(status),
    onError: () => errors.push(1),
  });
  return {
    saver,
    sent,
    statuses,
    errors,
    failNext: () => (failNext = true),
    holdRequests: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe("createAutosaver", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("sends the last value once, 1000 ms after the last edit", async () => {
    const { saver, sent, statuses } = setup();
    saver.change("O");
    await vi.advanceTimersByTimeAsync(600);
    saver.change("On");
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    saver.change("Once");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ value: "Once", keepalive: false }]);
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("sends nothing when the text is back to what the server has", async () => {
    const { saver, sent, statuses } = setup("Saved text");
    saver.change("Saved text!");
    saver.change("Saved text");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3);
    expect(sent).toEqual([]);
    expect(statuses).toEqual([]);
  });

  it("reports a failure, keeps nothing as saved, and sends the same text again on the next flush", async () => {
    const { saver, sent, statuses, errors, failNext } = setup("a");
    failNext();
    saver.change("ab");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(statuses).toEqual(["saving", "failed"]);
    expect(errors).toHaveLength(1);
    saver.change("ab");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sent.map((s) => s.value)).toEqual(["ab", "ab"]);
    expect(statuses.at(-1)).toBe("saved");
  });

  it("runs one request at a time, in order, and says saved only after the newest", async () => {
    const { saver, sent, statuses, holdRequests } = setup();
    const release = holdRequests();
    saver.change("first");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saver.change("second");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    // The second waits for the first to finish.
    expect(sent.map((s) => s.value)).toEqual(["first"]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.value)).toEqual(["first", "second"]);
    expect(statuses).toEqual(["saving", "saving", "saved"]);
  });

  it("flushes a waiting edit at once with keepalive, and only once", async () => {
    const { saver, sent } = setup();
    saver.change("typed just before leaving");
    await saver.flush({ keepalive: true });
    expect(sent).toEqual([{ value: "typed just before leaving", keepalive: true }]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    await saver.flush({ keepalive: true });
    expect(sent).toHaveLength(1);
  });
});
