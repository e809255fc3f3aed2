import { useEffect, useState } from "react";

/** The field a form carries once the page's script runs. */
const POSTED_WITH_SCRIPT = "script";

/** A form posted by the browser itself, without the page's script: the server reads the field's absence. */
export const postedWithoutScript = (form: FormData): boolean => form.get(POSTED_WITH_SCRIPT) !== "1";

/**
 * Tells the server that this form was sent by the page's script (issue 35): a link made then comes back in its dialog,
 * with Copy and the share sheet. Without it (no JavaScript, or a tap before the page hydrated) the new link gets a page
 * of its own, where nothing closes it by accident. Rendered after hydration only, so the server's HTML never has it.
 */
export function PostedWithScript() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted ? <input type="hidden" name={POSTED_WITH_SCRIPT} value="1" /> : null;
}
