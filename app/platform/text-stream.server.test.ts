import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { textStream } from "./text-stream.server";

describe("textStream", () => {
  it("is the pieces joined, with the end after the last", async () => {
    expect(await text(textStream(["a", "b", "c"], { separator: "\n\n", end: "\n" }))).toBe("a\n\nb\n\nc\n");
    expect(await text(textStream([], { separator: ",", end: "!" }))).toBe("!");
  });

  it("makes the pieces as it is read, letting other work in between large ones", async () => {
    const made: number[] = [];
    let interleaved = 0;
    const timer = setInterval(() => (interleaved += 1), 0);
    function* parts() {
      for (let i = 0; i < 20; i++) {
        made.push(i);
        yield "x".repeat(100_000);
      }
    }
    const stream = textStream(parts(), { separator: "", end: "" });
    expect(made).toEqual([]);
    const whole = await text(stream);
    clearInterval(timer);
    expect(whole).toHaveLength(2_000_000);
    expect(interleaved).toBeGreaterThan(0);
  });
});
