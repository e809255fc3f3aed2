import { useEffect, useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";
import { showToast } from "~/lib/client-toast";

/** What the page offers to pass the link on, known only once JavaScript runs in the browser. */
type Abilities = { copy: boolean; share: boolean };

/**
 * A link shown once (the share dialog's, the storyteller's), to pass on from a phone:
 * - the whole link in a field that wraps it on as many lines as it needs, in the page's own type, so it can be
 *   read and selected (a long press, or a tap with JavaScript) without scrolling inside a one-line box; a link made
 *   without JavaScript has a page of its own, where the field is larger (NewLinkPage);
 * - "Send with an app" where the browser has a share sheet (`navigator.share`), for Zalo, Messenger or SMS;
 * - Copy where the browser lets the page write to the clipboard.
 * Both buttons appear only once JavaScript has run and found what they need: without it they would do nothing.
 * `children` are further buttons of the same row (the storyteller's Print).
 */
export function CopyLinkField({
  id,
  link,
  title,
  strings,
  children,
}: {
  id: string;
  link: string;
  /** What the share sheet names the link with (the book's title), if anything. */
  title?: string;
  strings: { label: MessageKey; hint: MessageKey; copy: MessageKey; copied: MessageKey };
  children?: ReactNode;
}) {
  const t = useT();
  const [can, setCan] = useState<Abilities>({ copy: false, share: false });
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCan({
      copy: typeof navigator.clipboard?.writeText === "function",
      share: typeof navigator.share === "function",
    });
  }, []);
  const share = async () => {
    try {
      await navigator.share(title ? { title, url: link } : { url: link });
    } catch {
      // Closing the share sheet rejects too (AbortError): nothing went wrong, and the link is still in view.
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
    showToast({ kind: "success", title: strings.copied });
  };
  return (
    <div className="copy-link stack">
      <label htmlFor={id}>{t(strings.label)}</label>
      <textarea
        id={id}
        className="copy-link-field"
        readOnly
        rows={2}
        value={link}
        spellCheck={false}
        autoCapitalize="off"
        // A tap selects the whole link, the first and every later one (a tap in a focused field would move the caret).
        onFocus={(event) => event.currentTarget.select()}
        onClick={(event) => event.currentTarget.select()}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t(strings.hint)}
      </p>
      <div className="button-row">
        {can.share ? (
          <button type="button" className="button button-primary" onClick={share}>
            {t("share.sendWithApp")}
          </button>
        ) : null}
        {can.copy ? (
          <button type="button" className="button button-secondary" onClick={copy}>
            {copied ? t(strings.copied) : t(strings.copy)}
          </button>
        ) : null}
        {children}
      </div>
    </div>
  );
}
