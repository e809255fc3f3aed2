import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFormData } from "./form.server";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
}

describe("parseFormData", () => {
  const schema = z.object({
    title: z.string().trim().min(1, "books.titleRequired"),
    year: z.coerce.number().int(),
    tone: z.enum(["warm", "formal"]),
  });

  it("keeps the schema's message keys for the page to translate", () => {
    const result = parseFormData(form({ title: " ", year: "1950", tone: "warm" }), schema);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors).toEqual({ title: "books.titleRequired" });
  });

  it("turns zod's own English messages (wrong type, missing field) into the generic translated key", () => {
    const result = parseFormData(form({ title: "Our family", year: "soon" }), schema);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors).toEqual({ year: "errors.invalid", tone: "errors.invalid" });
  });

  it("refills the form without passwords", () => {
    const result = parseFormData(form({ title: "", year: "x", tone: "warm", password: "secret" }), schema);
    expect(result.values).toEqual({ title: "", year: "x", tone: "warm" });
  });
});
