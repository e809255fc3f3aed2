import { useEffect, useState } from "react";
import type { z } from "zod";
import type { parseSubmission } from "~/lib/submission";
import { whenIdle } from "~/lib/idle";

/**
 * A form's schema for the browser's checks, imported by the form itself: `() => import("~/lib/validation").then(
 * (forms) => forms.loginSchema)`. It is a dynamic import because zod is too heavy for a page's first render (ADR 25);
 * declare it at the form module's top level, so that it stays the same function from one render to the next.
 */
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export type LazySchema = () => Promise<FormSchema>;

type Validate = (context: { formData: FormData }) => ReturnType<typeof parseSubmission<FormSchema>>;

/**
 * conform's `onValidate` for a form, once its schema and the parser have loaded (after the page is idle, so they
 * never delay the first render). Until then, and if they cannot be fetched, it is undefined: the form posts and
 * the server validates, exactly as without JavaScript.
 */
export function useClientValidation(schema: LazySchema): Validate | undefined {
  const [onValidate, setOnValidate] = useState<Validate | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () => {
      Promise.all([import("~/lib/submission"), schema()]).then(
        ([{ parseSubmission }, loaded]) =>
          live &&
          setOnValidate(
            () =>
              ({ formData }: { formData: FormData }) =>
                parseSubmission(formData, loaded),
          ),
        // Offline, or a new deployment replaced the chunk: the server still validates every post.
        () => undefined,
      );
    };
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [schema]);
  return onValidate;
}
