/** The name of the hidden button conform submits with to check a field (`INTENT` in @conform-to/dom). */
export const CONFORM_INTENT = "__intent__";

/**
 * Keeps conform's field checks inside the page. Conform checks a field when it loses the focus, by submitting its form
 * with a hidden button, and React's handler stops that submit. But a field that has the focus while React removes or
 * replaces it (a list made sortable, an editor closed) loses it during React's commit, when React handles no events:
 * the submit then went to the server as a page post, and the page reloaded in the middle of the reader's typing.
 * A check nothing handled is dropped instead: the field is going anyway, and the form is checked again when sent.
 */
export function keepConformChecksInPage() {
  window.addEventListener("submit", (event) => {
    if ((event as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT) event.preventDefault();
  });
}
