import { getFormProps, useForm } from "@conform-to/react";
import { type FormEvent, useState } from "react";
import { CONFORM_INTENT } from "~/lib/conform-intent";
import type { FormResult } from "~/lib/submission";
import type { MessageKey } from "~/i18n/types";
import { type LazySchema, useClientValidation } from "./use-client-validation";

type Options = {
  /** The form's id: unique on the page (a form shown once per story carries the story's id). */
  id: string;
  /** The schema the browser checks with once it has loaded, the same one the action parses with (a dynamic import). */
  schema: LazySchema;
  /** The action's answer to the last post, from the page's action data. */
  lastResult?: FormResult | null;
};

/**
 * A form through conform (ADR 25): the props for its `<Form>`, its fields' metadata, and each field's
 * first error as a message key. Once the schemas have loaded the browser checks a field when it is left,
 * and again as it is corrected; until then only the server does, on submit, exactly as without JavaScript.
 * After a failed post conform moves the focus to the first invalid field.
 *
 * A field left without anything typed in it says nothing until the form is sent: an editor opens with the focus in
 * its empty title, and a message appearing under it as the reader reaches for a button moved that button from under
 * her finger, so that her tap was lost.
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
  // State, not refs: conform renders again only when an error changes, and one checked while hidden has not.
  const [typedIn, setTypedIn] = useState<ReadonlySet<string>>(() => new Set());
  const [sent, setSent] = useState(false);
  const formProps = {
    ...getFormProps(form),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      // Conform checks a field it was asked to through a submit of its own, by a button named after its intents.
      if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") !== CONFORM_INTENT) setSent(true);
      form.onSubmit(event);
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const { name } = event.target as HTMLInputElement;
      if (name && !typedIn.has(name)) setTypedIn(new Set(typedIn).add(name));
    },
    // Who checks the fields now, the browser (schemas loaded) or only the server.
    "data-validates": onValidate ? "browser" : "server",
  };
  /** A field's first error, as a message key: once the form has been sent, or the field typed in. */
  const errorOf = (name: string) => {
    // Read first, always: conform renders the form again only for the metadata a render has read.
    const error = fields[name]?.errors?.[0];
    return sent || lastResult || typedIn.has(name) ? error : undefined;
  };
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
