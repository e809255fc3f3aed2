import { useEffect, useState } from "react";
import type { ClientSchema, validate } from "~/lib/client-validation";
import { whenIdle } from "~/lib/idle";

type Validate = (context: { formData: FormData }) => ReturnType<typeof validate>;

/**
 * conform's `onValidate` for a form, once the schemas have loaded (after the page is idle, so they never
 * delay the first render). Until then, and if they cannot be fetched, it is undefined: the form posts and
 * the server validates, exactly as without JavaScript.
 */
export function useClientValidation(schema: ClientSchema): Validate | undefined {
  const [onValidate, setOnValidate] = useState<Validate | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const load = () => {
      import("~/lib/client-validation").then(
        (module) =>
          live &&
          setOnValidate(
            () =>
              ({ formData }: { formData: FormData }) =>
                module.validate(schema, formData),
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
