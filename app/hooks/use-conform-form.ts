import { getFormProps, useForm } from "@conform-to/react";
import type { ClientSchema } from "~/lib/client-validation";
import type { FormResult } from "~/lib/submission";
import type { MessageKey } from "~/i18n/types";
import { useClientValidation } from "./use-client-validation";

type Options = {
  /** The form's id: unique on the page (a form shown once per story carries the story's id). */
  id: string;
  /** The schema the browser checks with once it has loaded, the same one the action parses with. */
  schema: ClientSchema;
  /** The action's answer to the last post, from the page's action data. */
  lastResult?: FormResult | null;
};

/**
 * A form through conform (ADR 25): the props for its `<Form>`, its fields' metadata, and each field's
 * first error as a message key. Once the schemas have loaded the browser checks a field when it is left,
 * and again as it is corrected; until then only the server does, on submit, exactly as without JavaScript.
 * After a failed post conform moves the focus to the first invalid field.
 */
export function useConformForm({ id, schema, lastResult }: Options) {
  const onValidate = useClientValidation(schema);
  // Loosely typed: a form is declared by its inputs, and every error is a message key.
  const [form, fields] = useForm<Record<string, unknown>, Record<string, unknown>, MessageKey[]>({
    id,
    lastResult,
    // Without the schemas conform would ask the server on every blur: until they arrive, only a submit checks.
    shouldValidate: onValidate ? "onBlur" : "onSubmit",
    shouldRevalidate: onValidate ? "onInput" : "onSubmit",
    onValidate,
  });
  // data-validates: who checks the fields now, the browser (schemas loaded) or only the server.
  const formProps = { ...getFormProps(form), "data-validates": onValidate ? "browser" : "server" };
  /** A field's first error, as a message key. */
  const errorOf = (name: string) => fields[name]?.errors?.[0];
  /**
   * What a text field held when the form was last posted, "" when it was posted blank (conform leaves
   * blanks out of the values it sends back), undefined when it was not posted at all.
   */
  const typed = (name: string) => {
    const value = fields[name]?.initialValue;
    if (typeof value === "string") return value;
    return lastResult?.fields?.includes(name) ? "" : undefined;
  };
  return { form, formProps, errorOf, typed, formError: form.errors?.[0] };
}
