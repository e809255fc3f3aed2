import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";
import { formatDate } from "~/lib/dates";
import { useConformForm } from "~/hooks/use-conform-form";
import { useTimeZone } from "~/hooks/use-root-data";

const loadShareFormSchema = () => import("~/lib/validation").then((forms) => forms.shareFormSchema);

export type VoiceCodesData = {
  /** The link the printed codes open, by its date only: its token stays on the server. */
  printLink: { createdAt: Date | string } | null;
  recordedStories: number;
};

/**
 * The download dialog's word on the voice codes: printed, and opening which family link, or not printed, with the
 * button that makes a never-expiring link through the share dialog's own form route, which comes back here.
 */
export function VoiceCodes({ bookId, data }: { bookId: number; data: VoiceCodesData }) {
  const t = useT();
  const timeZone = useTimeZone();
  const busy = useNavigation().state === "submitting";
  const { formProps } = useConformForm({ id: "pdf-share-create", schema: loadShareFormSchema });
  const status = useRef<HTMLParagraphElement>(null);
  const hadLink = useRef(data.printLink !== null);
  // The button that made the link is gone once it is made: the focus goes to what the dialog now says, not to <body>.
  useEffect(() => {
    if (data.printLink && !hadLink.current) status.current?.focus();
    hadLink.current = data.printLink !== null;
  }, [data.printLink]);
  return (
    <section aria-labelledby="pdf-voice-title" className="stack">
      <h3 id="pdf-voice-title">{t("pdfDialog.voiceTitle")}</h3>
      {data.printLink ? (
        <>
          <p ref={status} tabIndex={-1}>
            {t("pdfDialog.withLink", { date: formatDate(data.printLink.createdAt, timeZone) })}{" "}
            {data.recordedStories > 0
              ? t("pdfDialog.recorded", { count: data.recordedStories })
              : t("pdfDialog.noRecordings")}
          </p>
          <p className="muted">{t("pdfDialog.revokeWarning")}</p>
          <p>
            <Link to={`/books/${bookId}?dialog=share`} className="button button-secondary" preventScrollReset>
              {t("pdfDialog.openShare")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="notice">{t("pdfDialog.noLink")}</p>
          <Form method="post" action={`/books/${bookId}/shares`} className="stack" preventScrollReset {...formProps}>
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="lifetime" value="never" />
            <input type="hidden" name="back" value="pdf" />
            <p id="pdf-link-hint" className="field-hint">
              {t("pdfDialog.createHint")}
            </p>
            <div>
              <button
                type="submit"
                className="button button-secondary"
                disabled={busy}
                aria-describedby="pdf-link-hint"
              >
                {t("pdfDialog.createLink")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
