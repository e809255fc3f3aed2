import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstMessage, parseSubmission, replyTo, replyWithError } from "./submission";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

describe("parseSubmission", () => {
  const schema = z.object({
    title: z.string().trim().min(1, "books.titleRequired"),
    year: z.coerce.number().int(),
    tone: z.enum(["warm", "formal"]),
    note: z.string().optional(),
  });

  it("keeps the schema's message keys for the page to translate", () => {
    const submission = parseSubmission(form({ title: " ", year: "1950", tone: "warm" }), schema);
    expect(submission.status).toBe("error");
    expect(replyTo(submission).error).toEqual({ title: ["books.titleRequired"] });
  });

  it("turns zod's own English messages (wrong type, missing field) into the generic translated key", () => {
    const result = replyTo(parseSubmission(form({ title: "Our family", year: "soon" }), schema));
    expect(result.error).toEqual({ year: ["errors.invalid"], tone: ["errors.invalid"] });
    expect(firstMessage(result)).toBe("errors.invalid");
  });

  it("sees a cleared field as the empty text it is, not as a field never sent", () => {
    const submission = parseSubmission(form({ title: "A", year: "1", tone: "warm", note: "" }), schema);
    expect(submission.status === "success" && submission.value.note).toBe("");
  });

  it("refills the form without any password", () => {
    const typed = { title: "", year: "x", tone: "warm", password: "secret", newPassword: "n", currentPassword: "c" };
    const result = replyTo(parseSubmission(form(typed), schema));
    // A blank is left out of the values, but named among the fields that were posted.
    expect(result.initialValue).toEqual({ year: "x", tone: "warm" });
    expect(result.fields).toContain("title");
  });

  it("puts an error found after the schema passed beside its field, or on the form", () => {
    const submission = parseSubmission(form({ title: "A", year: "1", tone: "warm" }), schema);
    const taken = replyWithError(submission, { field: "title", messageKey: "users.usernameTaken" });
    expect(taken.status).toBe("error");
    expect(taken.error?.title).toEqual(["users.usernameTaken"]);
    const general = replyWithError(submission, { messageKey: "errors.server" }, { formLevel: true });
    expect(general.error?.[""]).toEqual(["errors.server"]);
    expect(replyWithError(submission, { messageKey: "errors.server" }).error).toBeUndefined();
  });
});
